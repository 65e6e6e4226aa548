import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { buildApp, loadConfig } from '@sprout/api';
import { createTestDatabase } from '@sprout/db/testing';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPageHandler, registerPageRoutes } from '../../app/lib/page-handler.server';

/**
 * A page's answer is a stream sent through Fastify (page-handler.server.ts), so its failures reach
 * the API's error handler. `/slow` is a page whose visitor goes away while it works (a newer
 * fetcher change cancelled it); `/broken` fails before its first byte with the visitor still there.
 */
const logLines: { level: number; msg: string; res?: { statusCode?: number } }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line) logLines.push(JSON.parse(line));
    done();
  },
});

/** React Router's answer to a request aborted while its action ran: a stream that fails at once. */
const abortedAnswer = () =>
  new ReadableStream<Uint8Array>({
    start: (controller) =>
      controller.error(Object.assign(new Error('The operation was aborted'), { name: 'AbortError' })),
  });

let app: Awaited<ReturnType<typeof buildApp>>;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  dispose = () => database.dispose();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }),
    database: database.handle,
    logger: { level: 'info', stream: logStream },
  });
  const brokenPage = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/x-script');
    const failing = new ReadableStream({
      pull: (controller) => controller.error(new Error('render failed')),
    });
    return reply.send(Readable.fromWeb(failing as never));
  };
  // The page handler as server.ts makes it, React Router's request handler stood in for: an action
  // still at work when the visitor goes away answers, once done, with the stream React Router
  // gives an aborted request.
  const sendPage = createPageHandler({
    // The stand-in reads no context.
    getLoadContext: () => ({}) as AppLoadContext,
    handle: async (request) => {
      await request.formData();
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true }));
      return new Response(abortedAnswer(), { headers: { 'content-type': 'text/x-script' } });
    },
  });
  await registerPageRoutes(app, (request, reply) =>
    request.url === '/broken' ? brokenPage(request, reply) : sendPage(request, reply),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
  await dispose();
});

it('a visitor who goes away mid-answer is logged as a closed request, not as a server error', async () => {
  const { port } = app.server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/slow',
      method: 'POST',
      headers: {
        'accept-encoding': 'gzip',
        'content-type': 'application/x-www-form-urlencoded',
        // A browser names the page's origin on every POST; pages refuse one without it.
        origin: `http://127.0.0.1:${port}`,
      },
    });
    request.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    request.end('intent=set-item', () =>
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 200),
    );
  });
  const deadline = Date.now() + 5_000;
  while (!logLines.some((line) => line.msg === 'client closed the request')) {
    if (Date.now() > deadline) throw new Error(`no closed-request line in ${JSON.stringify(logLines)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  expect(logLines.filter((line) => line.res?.statusCode === 500)).toEqual([]);
});

it('a page whose stream fails before its first byte answers a 500 in JSON, not a refused payload', async () => {
  const response = await app.inject({ method: 'GET', url: '/broken' });
  expect(response.statusCode).toBe(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: expect.any(String) });
  expect(JSON.stringify(logLines)).not.toContain('FST_ERR_REP_INVALID_PAYLOAD_TYPE');
});
