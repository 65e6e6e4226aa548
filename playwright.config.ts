import { defineConfig, devices } from '@playwright/test';
import { RESET_ADMIN_EMAIL } from './e2e/accounts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_PORT lets two checkouts run their journeys side by side on one machine.
const STORE_PORT = Number(process.env.E2E_PORT ?? 3100);
const MAINTENANCE_PORT = STORE_PORT + 1;

/** A production server on a fresh PGlite data dir: the store exactly as `npm start` serves it (compiled: `npm run build` first). */
function server(port: number, extraEnv: string, options: { resetAdmin?: boolean } = {}) {
  const dataDir = `test-results/e2e-data-${port}`;
  // The journeys all come from 127.0.0.1: the per-client write limits would throttle them. They
  // also share one demo customer, and a retried serial file signs it in again: the per-account
  // sign-in limits get room for retries (the API tests hold the real 5 and 3).
  const env = `${extraEnv} RATE_LIMIT_WRITES_PER_MINUTE=0 RATE_LIMIT_CART_CREATIONS_PER_HOUR=0 RATE_LIMIT_EMAIL_CHECKS_PER_HOUR=0 RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES=20 RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES=20 NODE_ENV=production STORE_MODE=demo PORT=${port} HOST=127.0.0.1 SITE_URL=http://localhost:${port} DATA_DIR=${dataDir}`;
  // The reset journey's own admin (e2e/accounts.ts), made by `npm run admin` on the fresh database
  // before the store starts (PGlite is one process).
  const resetAdmin = options.resetAdmin
    ? `${env} node --enable-source-maps dist/admin.js --email ${RESET_ADMIN_EMAIL} --first-name Reset --last-name Admin && `
    : '';
  return {
    command: `rm -rf ${dataDir} && ${resetAdmin}${env} LOG_LEVEL=warn node --enable-source-maps dist/web-server.js`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // The store's start, after the admin command's on the store's port.
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey with its axe scans takes 20–37 s on a loaded 2-core CI machine (two workers, the
  // server, PostgreSQL): 60 s, so only a real hang times out. Each step still waits at most 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL: `http://localhost:${STORE_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'store',
      testIgnore: /maintenance\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
    {
      name: 'maintenance',
      testMatch: /maintenance\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${MAINTENANCE_PORT}` },
    },
  ],
  webServer: [
    server(STORE_PORT, '', { resetAdmin: true }),
    server(MAINTENANCE_PORT, 'WEB_BUILD_DIR=build-maintenance'),
  ],
});
