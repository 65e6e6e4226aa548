import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bareEnv, type ServerProcess, startServerProcess, waitUntilHealthy } from './server-process';

const IN_FLIGHT = 16;
// Clear of the journeys' 3100-3101 and of this machine's services (MariaDB listens on 3306).
const port = 3400 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
let server: ServerProcess | undefined;
afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A request that is in flight for as long as the test wants: its headers go now, the last byte of
 * its JSON body only when `finish` is called. Resolves with the status, or the socket error.
 */
function slowCartCreation() {
  const request = http.request(`${base}/api/customers/abandoned-carts`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': '2', origin: base },
  });
  const outcome = new Promise<string>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  request.flushHeaders();
  request.write('{');
  return { outcome, finish: () => request.end('}') };
}

it(`on SIGTERM, ${IN_FLIGHT} requests in flight all complete, then the process exits 0`, async () => {
  server = startServerProcess(
    'apps/api/src/server.ts',
    bareEnv({
      NODE_ENV: 'production',
      STORE_MODE: 'demo',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAIL_WORKER_INTERVAL_MS: '100',
      CHECKOUT_JOBS_INTERVAL_MS: '1000',
    }),
  );
  await waitUntilHealthy(server, base, 80_000);

  const requests = Array.from({ length: IN_FLIGHT }, slowCartCreation);
  // Every request's headers have reached the server before the signal.
  await new Promise((resolve) => setTimeout(resolve, 500));
  server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const request of requests) request.finish();

  const outcomes = await Promise.all(requests.map((request) => request.outcome));
  expect(outcomes).toEqual(Array.from({ length: IN_FLIGHT }, () => '201'));
  const exit = await server.exited;
  expect(exit, server.output()).toEqual({ code: 0, signal: null });
  // Stopped accepting: nothing answers any more.
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
});
