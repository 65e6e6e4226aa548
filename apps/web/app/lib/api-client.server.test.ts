import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerApiClient, inProcessTransport } from './api-client.server';

describe('the in-process API client', () => {
  const app = Fastify();
  app.get('/whoami', async (request) => ({ ip: request.ip, requestId: request.headers['x-request-id'] }));
  afterAll(() => app.close());

  it("carries the visitor's address, so per-client limits do not lump every visitor together", async () => {
    const page = new Request('http://localhost/menus', { headers: { 'x-request-id': 'page-request-1' } });
    const api = createServerApiClient(inProcessTransport(app), page, '203.0.113.9');
    const answer = await api.get<{ ip: string; requestId: string }>('/whoami');
    expect(answer).toEqual({ ip: '203.0.113.9', requestId: 'page-request-1' });
  });
});
