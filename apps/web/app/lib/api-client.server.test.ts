import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerApiClient, inProcessTransport } from './api-client.server';

describe('the in-process API client', () => {
  const app = Fastify();
  app.get('/whoami', async (request) => ({ ip: request.ip, requestId: request.headers['x-request-id'] }));
  app.post('/sessions', async (_request, reply) => {
    reply.header('set-cookie', ['session=abc; HttpOnly', 'trusted=1; HttpOnly']);
    return reply.status(201).send({ data: { signed_in: true } });
  });
  app.delete('/sessions', async (_request, reply) => {
    reply.header('set-cookie', 'session=; Max-Age=0');
    return reply.status(204).send();
  });
  app.post('/refusals', async (_request, reply) =>
    reply.status(422).send({ message: 'Check the form.', errors: { email: ['Enter an email.'] } }),
  );
  app.post('/crashes', async (_request, reply) => reply.status(500).send({ message: 'stack trace here' }));
  const LIMITED = 'Too many changes from your connection. Please wait a minute and try again.';
  app.get('/limited', async (_request, reply) =>
    reply.status(429).header('retry-after', '37').send({ message: LIMITED }),
  );
  afterAll(() => app.close());

  it("carries the visitor's address, so per-client limits do not lump every visitor together", async () => {
    const page = new Request('http://localhost/menus', { headers: { 'x-request-id': 'page-request-1' } });
    const api = createServerApiClient(inProcessTransport(app), page, '203.0.113.9');
    const answer = await api.get<{ ip: string; requestId: string }>('/whoami');
    expect(answer).toEqual({ ip: '203.0.113.9', requestId: 'page-request-1' });
  });

  it("a form's call answers the API's cookies for the action to pass on, on success and on a 204", async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    expect(await api.send('POST', '/sessions', { email: 'a@example.com' })).toEqual({
      ok: true,
      status: 201,
      data: { data: { signed_in: true } },
      setCookies: ['session=abc; HttpOnly', 'trusted=1; HttpOnly'],
    });
    expect(await api.send('DELETE', '/sessions')).toEqual({
      ok: true,
      status: 204,
      data: {},
      setCookies: ['session=; Max-Age=0'],
    });
  });

  it("a form's refused call keeps the field errors; a crash never shows the server's own text", async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    expect(await api.send('POST', '/refusals', {})).toEqual({
      ok: false,
      status: 422,
      error: { message: 'Check the form.', errors: { email: ['Enter an email.'] } },
      setCookies: [],
    });
    const crash = await api.send('POST', '/crashes', {});
    expect(crash.ok).toBe(false);
    expect(crash.ok ? null : crash.error.message).not.toContain('stack trace');
  });

  it("a loader's read refused by a limit (429) is the 429 page with its message and Retry-After, not a 500 (issue 30)", async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    const thrown = await api.get('/limited').then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({
      data: { message: LIMITED },
      init: { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '37' } },
    });
  });
});
