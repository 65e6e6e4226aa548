import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_ME_ROUTES } from '../src/http/route-guard';
import { startTestApp, type TestContext } from './helpers';
import { subscribedCustomer } from './renewal-helpers';

/**
 * Every /api/me route answers a visitor 401 before it reads the body: a 422 would describe the
 * route's schema to anyone (decision 037). The routes come from the OpenAPI document, so one added
 * later is walked too; the visitor's cart reads under /api/me stay open.
 */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

type Operation = { path: string; method: string };

async function meOperations(): Promise<Operation[]> {
  const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path === '/api/me' || path.startsWith('/api/me/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ path, method: method.toUpperCase() })),
    );
}

/** The route's pattern (`/api/me/orders/{orderId}`) as Fastify registered it (`:orderId`). */
const pattern = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** A request no schema accepts: a bad parameter, an unknown query field, a body of the wrong shape. */
function badRequest({ path, method }: Operation, cookie?: string) {
  const url = `${path.replace(/\{[^}]+\}/g, 'not-a-valid-id')}?unexpected=%00`;
  const withBody = method !== 'GET' && method !== 'DELETE';
  return context.app.inject({
    method: method as 'GET',
    url,
    headers: {
      origin: 'http://localhost:3000',
      ...(cookie ? { cookie } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: JSON.stringify({ unknown_field: '\u0000', email: 42 }) } : {}),
  });
}

describe('the signed-in customer routes (/api/me)', () => {
  it('answer a visitor 401 before validating anything, every one of them', async () => {
    const operations = await meOperations();
    const guarded = operations.filter((operation) => !VISITOR_ME_ROUTES.has(pattern(operation.path)));
    expect(guarded.length).toBeGreaterThanOrEqual(25);
    const answers: string[] = [];
    for (const operation of guarded) {
      const answer = await badRequest(operation);
      answers.push(`${operation.method} ${operation.path} ${answer.statusCode} ${answer.body.slice(0, 60)}`);
    }
    expect(answers).toEqual(
      guarded.map(({ method, path }) => `${method} ${path} 401 {"message":"Please sign in."}`),
    );
  });

  it('still validate for a signed-in customer', async () => {
    const customer = await subscribedCustomer(context);
    const answer = await badRequest({ path: '/api/me/profile', method: 'PUT' }, customer.cookie);
    expect(answer.statusCode).toBe(422);
  });

  it("leave the visitor's cart reads under /api/me open", async () => {
    const visitorRoutes = (await meOperations()).filter((operation) =>
      VISITOR_ME_ROUTES.has(pattern(operation.path)),
    );
    expect(visitorRoutes.map((operation) => pattern(operation.path)).sort()).toEqual(
      [...VISITOR_ME_ROUTES].sort(),
    );
    for (const operation of visitorRoutes) {
      const answer = await context.app.inject({ method: operation.method as 'GET', url: operation.path });
      expect(answer.statusCode, operation.path).toBe(200);
    }
  });
});
