import { declare, messageErrorBody, zipCodeParams, zipCodeResponse } from '@sprout/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from './endpoint';

const lookUp = declare({
  summary: 'A zip code',
  method: 'GET',
  path: '/api/shipping/zip-codes/:code',
  params: zipCodeParams,
  responses: { 200: zipCodeResponse, 404: messageErrorBody },
});

const rename = declare({
  method: 'PUT',
  path: '/api/things/:id',
  aliases: ['/api/old-things/:id'],
  params: z.object({ id: z.coerce.number().int() }),
  body: z.object({ name: z.string().min(1) }),
  responses: { 200: z.object({ data: z.object({ id: z.number(), name: z.string() }) }) },
});

function testApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('route: a Fastify route registered from its declaration', () => {
  let app: ReturnType<typeof testApp> | undefined;
  afterEach(async () => app?.close());

  it('validates the params with the declared schema and serialises the declared answer', async () => {
    app = testApp();
    route(app, lookUp, { tags: ['shipping'] }, async (request) => {
      // Typed from the declaration: `code` is the params schema's string.
      const code: string = request.params.code;
      const state = { id: 1, code: 'IL', name: 'Illinois' };
      const zip = { id: 1, code, city: 'Springfield', is_delivered: true, delivery_weekdays: [4], state };
      return { data: zip, meta: {} };
    });
    const found = await app.inject({ method: 'GET', url: '/api/shipping/zip-codes/62701' });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.code).toBe('62701');
    const refused = await app.inject({ method: 'GET', url: '/api/shipping/zip-codes/abc' });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses to send an answer the declaration does not describe', async () => {
    app = testApp();
    // biome-ignore lint/suspicious/noExplicitAny: a handler that drifted from its contract, on purpose
    route(app, lookUp, {}, async () => ({ data: { code: 62701 } }) as any);
    const answer = await app.inject({ method: 'GET', url: '/api/shipping/zip-codes/62701' });
    expect(answer.statusCode).toBe(500);
  });

  it('registers the aliases too, and checks the body against the declared schema', async () => {
    app = testApp();
    route(app, rename, {}, async (request) => ({ data: { id: request.params.id, name: request.body.name } }));
    for (const url of ['/api/things/7', '/api/old-things/7']) {
      const answer = await app.inject({ method: 'PUT', url, payload: { name: 'Seven' } });
      expect(answer.json()).toEqual({ data: { id: 7, name: 'Seven' } });
    }
    const empty = await app.inject({ method: 'PUT', url: '/api/things/7', payload: { name: '' } });
    expect(empty.statusCode).toBe(400);
  });
});
