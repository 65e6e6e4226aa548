import { type EndpointDeclaration, endpoints } from '@sprout/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestContext } from './helpers';

// Every route the app registers, with its options, seen from the first one on (onRoute hooks only
// see routes added after them, and the app registers its routes while it is built).
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const fastify = ((options: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      registered.push(route as unknown as RouteOptions);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: fastify };
});

// Every method and path registered through `route()` (apps/api/src/http/endpoint.ts), the one way a
// route registers from its declaration.
const throughRoute = vi.hoisted(() => new Set<string>());
vi.mock('../src/http/endpoint', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/http/endpoint')>();
  const route: typeof actual.route = (app, endpoint, options, handler) => {
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])])
      throughRoute.add(`${endpoint.method} ${path}`);
    actual.route(app, endpoint, options, handler);
  };
  return { ...actual, route };
});

const declared: { name: string; endpoint: EndpointDeclaration; path: string }[] = Object.entries(
  endpoints,
).flatMap(([group, list]) =>
  Object.entries(list as Record<string, EndpointDeclaration>).flatMap(([name, endpoint]) =>
    [endpoint.path, ...(endpoint.aliases ?? [])].map((path) => ({
      name: `${group}.${name}`,
      endpoint,
      path,
    })),
  ),
);

const key = (method: string, path: string) => `${method} ${path}`;

describe('every endpoint is declared once in the contracts', () => {
  let context: TestContext;
  let routes: Map<string, RouteOptions>;
  beforeAll(async () => {
    context = await startTestApp();
    routes = new Map();
    for (const route of registered) {
      if (!/^\/(api|auth)(\/|$)/.test(route.url) || route.url.startsWith('/api/docs')) continue;
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.set(key(method, route.url), route);
    }
  });
  afterAll(async () => context?.close());

  it('declares every registered /api and /auth route, and registers every declaration', () => {
    const declaredKeys = declared.map(({ endpoint, path }) => key(endpoint.method, path));
    expect(routes.size).toBeGreaterThan(100);
    expect([...routes.keys()].filter((route) => !declaredKeys.includes(route))).toEqual([]);
    expect(declaredKeys.filter((route) => !routes.has(route))).toEqual([]);
    // Declared once: no two declarations for one method and path.
    expect(new Set(declaredKeys).size).toBe(declaredKeys.length);
  });

  it('registers every declared route through route(), from its declaration', () => {
    const byHand = declared
      .map(({ endpoint, path }) => key(endpoint.method, path))
      .filter((route) => routes.has(route) && !throughRoute.has(route));
    expect(throughRoute.size).toBeGreaterThan(100);
    expect(byHand).toEqual([]);
  });

  it('says what each endpoint does in its declaration, the one place its summary is written', () => {
    const unsaid = Object.entries(endpoints).flatMap(([group, list]) =>
      Object.entries(list as Record<string, EndpointDeclaration>)
        .filter(([, endpoint]) => !endpoint.summary?.trim())
        .map(([name]) => `${group}.${name}`),
    );
    expect(unsaid).toEqual([]);
  });

  it('uses the route’s own schema objects for params, query, body and answers', () => {
    const mismatches: string[] = [];
    for (const { name, endpoint, path } of declared) {
      const id = key(endpoint.method, path);
      const schema = routes.get(id)?.schema as Record<string, unknown> | undefined;
      const pairs: [string, unknown, unknown][] = [
        ['params', endpoint.params, schema?.params],
        ['query', endpoint.query, schema?.querystring],
        ['body', endpoint.body, schema?.body],
      ];
      const answers = (schema?.response ?? {}) as Record<string, unknown>;
      for (const status of new Set([...Object.keys(answers), ...Object.keys(endpoint.responses)]))
        pairs.push([`response ${status}`, endpoint.responses[Number(status)], answers[status]]);
      for (const [part, mine, theirs] of pairs) {
        if (mine !== theirs) mismatches.push(`${name} (${id}): ${part}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
