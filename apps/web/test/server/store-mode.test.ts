import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareEnv, type ServerProcess, startServerProcess, waitUntilHealthy } from './server-process';

describe('a live store without its settings', () => {
  it('refuses to start: exit 1 and one line naming each missing setting', async () => {
    const server = startServerProcess(
      'apps/web/server.ts',
      bareEnv({ NODE_ENV: 'production', STORE_MODE: 'live', SITE_URL: 'http://shop.example.com' }),
    );
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}SMTP_URL: /),
      expect.stringMatching(/^ {2}STRIPE_SECRET_KEY: .*STRIPE_PUBLISHABLE_KEY/),
      '  SITE_URL: live mode needs an https address (http only for localhost)',
      'See .env.example for every setting.',
    ]);
  });

  it('names the mode when a production start forgets it (the API-only entry too)', async () => {
    const server = startServerProcess('apps/api/src/server.ts', bareEnv({ NODE_ENV: 'production' }));
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/^ {2}STORE_MODE: set STORE_MODE=live/m);
  });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A live store's settings, the payment keys and mail server made up (nothing here pays or mails). */
function liveEnv(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return bareEnv({
    NODE_ENV: 'production',
    STORE_MODE: 'live',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    STRIPE_SECRET_KEY: 'sk_test_livestart',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_livestart',
    LOG_LEVEL: 'warn',
    ...extra,
  });
}

describe('a live store starting on an empty database (the compiled server: npm run build first)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'live-start-'));
  // Every process this file starts is stopped with it, a test that failed half-way included.
  const started: ServerProcess[] = [];
  const start = (env: NodeJS.ProcessEnv) => {
    const process = startServerProcess('dist/web-server.js', env);
    started.push(process);
    return process;
  };
  afterAll(() => {
    for (const process of started) {
      if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds nothing of the demo, says so, and says how to seed a catalogue', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start(liveEnv(port, dataDir));
    await waitUntilHealthy(server, base, 90_000);
    const output = server.output();
    expect(output).toMatch(/live mode: seeded no demo data \(promo codes, partnerships, referral codes/);
    expect(output).toMatch(/live mode: the database has no catalogue .* SEED_DEMO_CATALOGUE=true/);

    // No plan to choose, and the demo's codes are unknown here.
    const plans = await (await fetch(`${base}/api/sales/plans`)).json();
    expect(plans.data).toEqual([]);
    const headers = { origin: `http://localhost:${port}`, 'content-type': 'application/json' };
    const cart = await fetch(`${base}/api/customers/abandoned-carts`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(cart.status).toBe(201);
    const { id } = (await cart.json()).data;
    const applied = await fetch(`${base}/api/customers/abandoned-carts/${id}/promo-codes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ code: 'WELCOME50' }),
    });
    expect(applied.status).toBe(422);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });

  it('refuses SEED_DEMO_DATA=true, naming the setting that seeds a catalogue instead', async () => {
    const refused = start(liveEnv(await freePort(), dataDir, { SEED_DEMO_DATA: 'true' }));
    expect((await refused.exited).code).toBe(1);
    expect(refused.output()).toMatch(
      /^ {2}SEED_DEMO_DATA: live mode never seeds the demo .*SEED_DEMO_CATALOGUE=true to start from the demo catalogue$/m,
    );
  });
});
