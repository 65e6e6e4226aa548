import { GENERIC_SERVER_ERROR } from '@sprout/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  firstErrorMessage,
  NO_RESPONSE_MESSAGE,
  REQUEST_SETUP_MESSAGE,
  remoteTransport,
} from './api';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function clientAnswering(answer: (request: Request) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(input as Request));
  return {
    client: createApiClient(remoteTransport('http://shop.test', fetch as typeof globalThis.fetch)),
    fetch,
  };
}

describe('api client: requests', () => {
  it('sends JSON with credentials to a same-origin path and resolves the parsed body', async () => {
    const { client, fetch } = clientAnswering(() => json(200, { data: { id: 'a' } }));
    const result = await client.request('PUT', '/api/customers/abandoned-carts/a', {
      body: { email: 'x@example.com' },
      query: { include: 'promoCode', empty: undefined },
    });
    expect(result).toEqual({ kind: 'ok', data: { data: { id: 'a' } }, status: 200, setCookies: [] });
    const request = fetch.mock.calls[0]?.[0] as Request;
    expect(request.url).toBe('http://shop.test/api/customers/abandoned-carts/a?include=promoCode');
    expect(request.method).toBe('PUT');
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('{"email":"x@example.com"}');
  });

  it('announces no content type when there is no body (the API refuses an empty JSON body)', async () => {
    const { client, fetch } = clientAnswering(() => json(201, { data: {}, meta: {} }));
    await client.request('POST', '/api/customers/abandoned-carts');
    const request = fetch.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('content-type')).toBeNull();
    expect(request.headers.get('accept')).toBe('application/json');
  });

  it('resolves a 204 to no data', async () => {
    const { client } = clientAnswering(() => new Response(null, { status: 204 }));
    expect(await client.request('DELETE', '/api/x')).toEqual({
      kind: 'ok',
      data: null,
      status: 204,
      setCookies: [],
    });
  });
});

describe('api client: error catalogue', () => {
  it("no response: 'No response received from server'", async () => {
    const { client } = clientAnswering(() => {
      throw new TypeError('Failed to fetch');
    });
    const result = await client.request('GET', '/api/x');
    expect(result).toMatchObject({ kind: 'error', error: { kind: 'no-response', status: null } });
    expect(result.kind === 'error' && result.error.message).toBe(NO_RESPONSE_MESSAGE);
  });

  it("request setup failure: 'Error setting up the request'", async () => {
    const { client, fetch } = clientAnswering(() => json(200, {}));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const result = await client.request('PUT', '/api/x', { body: circular });
    expect(result.kind === 'error' && result.error).toMatchObject({
      kind: 'setup',
      message: REQUEST_SETUP_MESSAGE,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('422 with field errors: a form error, keys camel-cased for the cart update', async () => {
    const { client } = clientAnswering(() =>
      json(422, {
        message: 'We could not find this zip code.',
        errors: {
          zip_code_id: ['We could not find this zip code.'],
          email: ['This email is already in use.'],
        },
      }),
    );
    const result = await client.request('PUT', '/api/x', { body: {} });
    expect(result.kind === 'error' && result.error).toEqual({
      kind: 'validation',
      status: 422,
      message: 'We could not find this zip code.',
      fieldErrors: {
        zip_code_id: ['We could not find this zip code.'],
        email: ['This email is already in use.'],
      },
      code: null,
    });
  });

  it('422 keeps server keys when not asked to convert them', async () => {
    const { client } = clientAnswering(() =>
      json(422, { message: 'Too many', errors: { plan_id: ['Choose a plan first.'] } }),
    );
    const result = await client.request('PUT', '/api/x', { body: {} });
    expect(result.kind === 'error' && result.error.fieldErrors).toEqual({
      plan_id: ['Choose a plan first.'],
    });
    expect(result.kind === 'error' && firstErrorMessage(result.error)).toBe('Choose a plan first.');
  });

  it("422 without field errors: the server message, else 'Validation error occurred'", async () => {
    const withMessage = clientAnswering(() => json(422, { message: 'Bad box', errors: {} })).client;
    const bare = clientAnswering(() => json(422, {})).client;
    const first = await withMessage.request('GET', '/x');
    const second = await bare.request('GET', '/x');
    expect(first.kind === 'error' && first.error.message).toBe('Bad box');
    expect(second.kind === 'error' && second.error).toMatchObject({
      kind: 'validation',
      message: 'Validation error occurred',
      fieldErrors: {},
    });
    expect(second.kind === 'error' && firstErrorMessage(second.error)).toBe('Validation error occurred');
  });

  it('400 with code 10002 is the cart-locked failure', async () => {
    const { client } = clientAnswering(() =>
      json(400, { message: 'This cart was checked out.', code: 10002 }),
    );
    const result = await client.request('PUT', '/x', { body: {} });
    expect(result.kind === 'error' && result.error).toMatchObject({
      kind: 'cart-locked',
      status: 400,
      code: 10002,
    });
  });

  it('403 and 404 are their own kinds; other 4xx keep the server message', async () => {
    const forbidden = await clientAnswering(() => json(403, { message: 'Not yours' })).client.request(
      'PUT',
      '/x',
    );
    const missing = await clientAnswering(() => json(404, { message: 'Unknown cart' })).client.request(
      'GET',
      '/x',
    );
    const limited = await clientAnswering(() =>
      json(429, { message: 'Slow down' }, { 'retry-after': '42' }),
    ).client.request('GET', '/x');
    const unnamed = await clientAnswering(() => json(429, {})).client.request('GET', '/x');
    expect(forbidden.kind === 'error' && forbidden.error.kind).toBe('forbidden');
    expect(missing.kind === 'error' && missing.error).toMatchObject({
      kind: 'not-found',
      message: 'Unknown cart',
    });
    // 429 (docs/decisions/043): an outcome of its own, with when to try again.
    expect(limited.kind === 'error' && limited.error).toMatchObject({
      kind: 'rate-limited',
      message: 'Slow down',
      retryAfterSeconds: 42,
    });
    expect(unnamed.kind === 'error' && unnamed.error).toMatchObject({
      kind: 'rate-limited',
      message: 'Too many requests from your connection. Please try again in a moment.',
      retryAfterSeconds: null,
    });
  });

  it('5xx and unreadable answers are the generic server error', async () => {
    const crashed = await clientAnswering(() => json(500, { message: 'stack trace here' })).client.request(
      'GET',
      '/x',
    );
    const garbled = await clientAnswering(() => new Response('<html>', { status: 200 })).client.request(
      'GET',
      '/x',
    );
    const gateway = await clientAnswering(() => new Response('Bad gateway', { status: 502 })).client.request(
      'GET',
      '/x',
    );
    for (const result of [crashed, garbled, gateway]) {
      expect(result.kind === 'error' && result.error).toMatchObject({
        kind: 'server',
        message: GENERIC_SERVER_ERROR,
      });
    }
    expect(GENERIC_SERVER_ERROR).toBe('Sorry, something went wrong. An error has occurred on the server');
  });
});

describe('api client: aborted requests', () => {
  it('resolves to aborted when the signal fires while waiting', async () => {
    const { client } = clientAnswering(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = client.request('PUT', '/x', { body: {}, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ kind: 'aborted' });
  });

  it('drops an answer that lands after its request was aborted', async () => {
    const controller = new AbortController();
    const { client } = clientAnswering(() => {
      controller.abort();
      return json(200, { data: 'stale' });
    });
    expect(await client.request('GET', '/x', { signal: controller.signal })).toEqual({ kind: 'aborted' });
  });

  it('does not send a request whose signal already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client, fetch } = clientAnswering(() => json(200, {}));
    expect(await client.request('GET', '/x', { signal: controller.signal })).toEqual({ kind: 'aborted' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
