import net from 'node:net';
import { UNAVAILABLE_MESSAGE } from '@sprout/contracts';
import { createDatabase, type DatabaseHandle } from '@sprout/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import * as root from '../app/root';
import * as menus from '../app/routes/menus';
import { documentLoadContext, TEST_SITE } from './site';

/**
 * A page while the database cannot be reached (docs/decisions/034): its loaders, which call the
 * API in process, end with a 503 page (Retry-After, "try again") within the connect timeout, never
 * a hang and never the 500 page of a bug.
 */
let sockets: Set<net.Socket>;
let silent: net.Server;
let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  // A database host gone silent: connections are accepted and never answered.
  sockets = new Set();
  silent = net.createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  handle = createDatabase({
    kind: 'postgres',
    url: `postgres://postgres@127.0.0.1:${port}/sprout`,
    pool: { connectTimeoutMs: 300 },
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SITE_URL: TEST_SITE.url }),
    database: handle,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** What a loader threw: React Router's data() with a status and headers, or anything else. */
async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('the loader answered: it was expected to throw');
}

const unavailablePage = {
  data: { message: UNAVAILABLE_MESSAGE },
  init: { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '5' } },
};

describe('a page while the database cannot be reached', () => {
  it('the root loader (the catalogue read in process, the cart over the in-process API) throws the 503 page', async () => {
    vi.stubGlobal('__MAINTENANCE_MODE__', false);
    const request = new Request(`${TEST_SITE.url}/menus`);
    const started = performance.now();
    const thrown = await thrownBy(() =>
      root.loader({ request, context: documentLoadContext(app, request), params: {} } as never),
    );
    expect(thrown).toMatchObject(unavailablePage);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('a page loader whose API call answers 503 throws the same page', async () => {
    const request = new Request(`${TEST_SITE.url}/menus`);
    const thrown = await thrownBy(() =>
      menus.loader({ request, context: documentLoadContext(app, request), params: {} } as never),
    );
    expect(thrown).toMatchObject(unavailablePage);
  });
});
