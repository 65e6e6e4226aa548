import { declare, GENERIC_SERVER_ERROR } from '@sprout/contracts';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cookiesOf,
  createServerApiClient,
  failureMessage,
  failureOf,
  inProcessTransport,
} from './api-client.server';

/** This test's own small API, declared as the store's endpoints are (docs/decisions/051). */
const whoami = declare({
  method: 'GET',
  path: '/whoami',
  responses: { 200: z.object({ ip: z.string(), requestId: z.string() }) },
});
const signIn = declare({
  method: 'POST',
  path: '/sessions',
  body: z.object({ email: z.string() }),
  responses: { 201: z.object({ data: z.object({ signed_in: z.boolean() }) }) },
});
const signOut = declare({ method: 'DELETE', path: '/sessions', responses: { 204: z.null() } });
const refusals = declare({ method: 'POST', path: '/refusals', responses: {} });
const crashes = declare({ method: 'POST', path: '/crashes', responses: {} });
const limited = declare({ method: 'GET', path: '/limited', responses: {} });
const item = declare({
  method: 'GET',
  path: '/items/:id',
  query: z.object({ include: z.string().optional() }),
  responses: { 200: z.object({ id: z.string(), include: z.string().nullable() }) },
});

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
  app.get<{ Params: { id: string }; Querystring: { include?: string } }>('/items/:id', async (request) => ({
    id: request.params.id,
    include: request.query.include ?? null,
    ...(request.params.id === 'drifted' ? { id: 7 } : {}),
  }));
  app.get('/limited', async (_request, reply) =>
    reply.status(429).header('retry-after', '37').send({ message: LIMITED }),
  );
  afterAll(() => app.close());

  it("carries the visitor's address, so per-client limits do not lump every visitor together", async () => {
    const page = new Request('http://localhost/menus', { headers: { 'x-request-id': 'page-request-1' } });
    const api = createServerApiClient(inProcessTransport(app), page, '203.0.113.9');
    const answer = await api.read(whoami);
    expect(answer).toEqual({ ip: '203.0.113.9', requestId: 'page-request-1' });
  });

  it("a form's call answers the API's cookies for the action to pass on, on success and on a 204", async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    expect(await api.call(signIn, { body: { email: 'a@example.com' } })).toEqual({
      kind: 'ok',
      status: 201,
      data: { data: { signed_in: true } },
      setCookies: ['session=abc; HttpOnly', 'trusted=1; HttpOnly'],
    });
    const signedOut = await api.call(signOut);
    expect(signedOut).toEqual({ kind: 'ok', status: 204, data: null, setCookies: ['session=; Max-Age=0'] });
    expect(cookiesOf(signedOut)).toEqual(['session=; Max-Age=0']);
  });

  it("a form's refused call keeps the field errors; a crash never shows the server's own text", async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    const refused = await api.call(refusals, { body: {} });
    expect(refused.kind === 'ok' ? null : failureOf(refused)).toEqual({
      status: 422,
      message: 'Check the form.',
      fieldErrors: { email: ['Enter an email.'] },
      code: null,
    });
    expect(refused.kind === 'ok' ? null : failureMessage(refused)).toBe('Enter an email.');
    const crash = await api.call(crashes, { body: {} });
    expect(crash.kind).toBe('error');
    expect(crash.kind === 'ok' ? null : failureOf(crash).message).not.toContain('stack trace');
    expect(crash.kind === 'ok' ? null : failureMessage(crash)).toBe(GENERIC_SERVER_ERROR);
  });

  it('an aborted call counts as a 499 with nothing to say, and the generic words in one line', () => {
    expect(failureOf({ kind: 'aborted' })).toEqual({
      status: 499,
      message: null,
      fieldErrors: {},
      code: null,
    });
    expect(failureMessage({ kind: 'aborted' })).toBe(GENERIC_SERVER_ERROR);
    expect(cookiesOf({ kind: 'aborted' })).toEqual([]);
  });

  it("a loader's read refused by a limit (429) is the 429 page with its message and Retry-After, not a 500", async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    const thrown = await api.read(limited).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({
      data: { message: LIMITED },
      init: { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '37' } },
    });
  });

  it('fills the path from its params (encoded) and the query, and types the answer from the declaration', async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    const answer = await api.call(item, { params: { id: 'a b/c' }, query: { include: 'badge' } });
    expect(answer).toMatchObject({ kind: 'ok', status: 200, data: { id: 'a b/c', include: 'badge' } });
    const id: string = answer.kind === 'ok' ? answer.data.id : '';
    expect(id).toBe('a b/c');
  });

  it('checks an answer against its declared schema outside production: a drift fails loudly', async () => {
    const api = createServerApiClient(inProcessTransport(app), new Request('http://localhost/'));
    await expect(api.call(item, { params: { id: 'drifted' } })).rejects.toThrow(
      'GET /items/:id answered 200 outside its contract',
    );
  });
});
