import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

/**
 * A store of the journey's own: the production build on a fresh PGlite data dir, started as
 * playwright.config.ts starts the shared one, on the port after the maintenance store's. For a
 * journey that runs the background jobs as of a later day (`/dev/jobs/run`): on the shared store
 * that run would also renew every other journey's subscriptions, the demo customer's included,
 * while those journeys are still looking at them.
 */
export async function startOwnStore(
  options: {
    /** Seeds the demo accounts (the demo customer and its history), for a journey of the demo customer. */
    demoAccounts?: boolean;
    /** Ports after E2E_PORT (2 unless a journey that may run beside another own store picks its own). */
    portOffset?: number;
    /** RATE_LIMIT_WRITES_PER_MINUTE (0, no limit, unless a journey meets the limit on purpose). */
    writesPerMinute?: number;
  } = {},
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = Number(process.env.E2E_PORT ?? 3100) + (options.portOffset ?? 2);
  const dataDir = `test-results/e2e-data-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/web-server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      STORE_MODE: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WRITES_PER_MINUTE: String(options.writesPerMinute ?? 0),
      RATE_LIMIT_CART_CREATIONS_PER_HOUR: '0',
      RATE_LIMIT_EMAIL_CHECKS_PER_HOUR: '0',
      // The journey makes its own customer; the demo's (hashed passwords, a history) only slow the start.
      SEED_DEMO_ACCOUNTS: options.demoAccounts ? 'true' : 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the journey's store exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the journey's store was not ready within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl: `http://localhost:${port}`, stop };
}
