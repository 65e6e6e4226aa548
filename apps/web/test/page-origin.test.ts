import { Writable } from 'node:stream';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { FOREIGN_ORIGIN_FORM_MESSAGE } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import { type AppLoadContext, matchRoutes, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectJson, startTestApp, type TestContext } from '../../api/test/helpers';
import { asCustomer, subscribedCustomer } from '../../api/test/renewal-helpers';
import { createPageHandler, registerPageRoutes } from '../app/lib/page-handler.server';
import routes from '../app/routes';
import { documentLoadContext } from './site';

/**
 * Every page action refuses a post from another origin, or one without an Origin, before it runs (a
 * page on another site must not make a visitor's browser write here; decision 014). The action
 * routes are read from the route manifest (app/routes.ts) and their modules, so a route added later
 * is walked too. The page handler runs as server.ts registers it, with React Router's request
 * handler stood in for by one that runs the matched route's real action against the real API
 * in-process, and records that it ran.
 */

type RouteModule = { action?: (args: unknown) => unknown };
const routeModules = import.meta.glob<RouteModule>(['../app/routes/*.{ts,tsx}', '../app/layouts/*.tsx']);

type ActionRoute = { id: string; path: string; module: RouteModule };

/** The manifest as React Router's matcher reads it, and each route's module. */
function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id, index: true, path: entry.path }
      : { id: entry.id, path: entry.path, children: toRouteObjects(entry.children ?? []) },
  );
}
const manifest = toRouteObjects(routes as RouteConfigEntry[]);

async function moduleOf(entry: RouteConfigEntry): Promise<RouteModule> {
  const load = routeModules[`../app/${entry.file}`];
  if (!load) throw new Error(`no module for ${entry.file}`);
  return load();
}

/** Every route of the manifest whose module has an action, with an address that reaches it. */
async function actionRoutes(entries: RouteConfigEntry[], parent = ''): Promise<ActionRoute[]> {
  const found: ActionRoute[] = [];
  for (const entry of entries) {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const module = await moduleOf(entry);
    if (typeof module.action === 'function') {
      const concrete = (path || '/')
        .replace(/\/:[^/]+\?/g, '/sample')
        .replace(/:[^/]+/g, '1')
        .replace(/\*$/, 'anything');
      found.push({ id: entry.id as string, path: concrete, module });
    }
    found.push(...(await actionRoutes(entry.children ?? [], path)));
  }
  return found;
}

const ran: string[] = [];
const warnings: { msg: string; origin?: string | null; path?: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line) warnings.push(JSON.parse(line));
    done();
  },
});

/** React Router's request handler, stood in for: the matched route's action, for real. */
async function runMatchedAction(app: FastifyInstance, request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname.replace(/^\/_root\.data$/, '/').replace(/\.data$/, '');
  const leaf = matchRoutes(manifest, pathname)?.at(-1);
  if (!leaf) return new Response('no route', { status: 404 });
  const entry = findEntry(routes as RouteConfigEntry[], leaf.route.id as string);
  const module = entry ? await moduleOf(entry) : {};
  if (!module.action) return new Response('no action', { status: 405 });
  ran.push(leaf.route.id as string);
  try {
    const result = await module.action({
      request,
      params: leaf.params,
      context: documentLoadContext(app, request),
    });
    if (result instanceof Response) return result;
    const { data, init } = (result ?? {}) as { data?: unknown; init?: ResponseInit };
    return Response.json(init && 'data' in (result as object) ? data : (result ?? null), init ?? {});
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    return new Response(String(thrown), { status: 500 });
  }
}

function findEntry(entries: RouteConfigEntry[], id: string): RouteConfigEntry | undefined {
  for (const entry of entries) {
    if (entry.id === id) return entry;
    const inner = findEntry(entry.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

let context: TestContext;
let actions: ActionRoute[];
beforeAll(async () => {
  actions = await actionRoutes(routes as RouteConfigEntry[]);
  context = await startTestApp({
    logger: { level: 'warn', stream: logStream },
    prepare: async (app) => {
      const sendPage = createPageHandler({
        getLoadContext: (request) => documentLoadContext(app, request) as unknown as AppLoadContext,
        handle: (request) => runMatchedAction(app, request),
      });
      await registerPageRoutes(app, sendPage);
    },
  });
}, 120_000);
afterAll(() => context?.close());

/** A form post as a browser sends it, to the host the store was opened by. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return context.app.inject({
    method: 'POST',
    url: path,
    headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function cardToken(number: string): Promise<string> {
  const card = await injectJson(context.app, 'POST', '/test-provider/v1/payment-methods', {
    number,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  expect(card.statusCode).toBe(201);
  return card.json().id;
}

/** What a forged post would change for the customer: the session, the card, the cart, the boxes. */
async function customerState(cookie: string) {
  const [me, card, deliveries] = await Promise.all([
    asCustomer(context, cookie, 'GET', '/api/me'),
    asCustomer(context, cookie, 'GET', '/api/me/payment-method'),
    asCustomer(context, cookie, 'GET', '/api/me/deliveries'),
  ]);
  return { me: me.status, card: card.body.data, deliveries: deliveries.body.data };
}

const FOREIGN_ORIGINS = [
  // Another port of the same host: same-site, so SameSite=Lax cookies go along.
  'http://localhost:4000',
  'https://evil.example',
  // A sandboxed frame or a redirected post.
  'null',
];

describe('the route manifest', () => {
  it('has action routes, the resource routes that used to run a foreign post among them', () => {
    const ids = actions.map((route) => route.id);
    expect(ids).toEqual(
      expect.arrayContaining(['account-payment-method', 'account-sign-out', 'cart', 'admin-impersonation']),
    );
    expect(actions.length).toBeGreaterThanOrEqual(37);
  });
});

describe('a page action posted from another origin, or without one', () => {
  it('is refused with a page a person can read before any action runs, and nothing changes', async () => {
    const customer = await subscribedCustomer(context);
    const before = await customerState(customer.cookie);
    expect(before.me).toBe(200);
    const attackerCard = await cardToken('4000056655665556');
    // One body that every forged form could have sent: a cart change, a card, an intent.
    const fields = {
      intent: 'set-item',
      sku: customer.skus[0]!,
      quantity: '3',
      payment_method_id: attackerCard,
    };

    for (const route of actions) {
      for (const path of [route.path, `${route.path === '/' ? '/_root' : route.path}.data`]) {
        for (const origin of [...FOREIGN_ORIGINS, undefined]) {
          const answer = await postForm(path, fields, {
            cookie: customer.cookie,
            ...(origin === undefined ? {} : { origin }),
          });
          const label = `${route.id} ${path} from ${origin ?? 'no Origin'}`;
          expect(answer.statusCode, label).toBe(403);
          expect(answer.body, label).toContain(FOREIGN_ORIGIN_FORM_MESSAGE);
          expect(answer.headers['content-type'], label).toMatch(
            path.endsWith('.data') ? /^text\/plain/ : /^text\/html/,
          );
        }
      }
    }
    expect(ran).toEqual([]);
    expect(await customerState(customer.cookie)).toEqual(before);
    // Each refusal is logged with the origin it came from.
    const refusals = warnings.filter(
      (line) => line.msg === 'page write refused: it came from another origin',
    );
    expect(refusals).toHaveLength(actions.length * 2 * (FOREIGN_ORIGINS.length + 1));
    expect(refusals[0]).toMatchObject({ origin: FOREIGN_ORIGINS[0], path: actions[0]!.path });
  });

  it('refuses every write method, not only POST', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await context.app.inject({
        method,
        url: '/account/sign-out',
        headers: { host: 'localhost:3000', origin: 'http://localhost:4000' },
      });
      expect(answer.statusCode, method).toBe(403);
    }
    expect(ran).toEqual([]);
  });
});

describe('a page action posted from the store itself', () => {
  it('reaches every action, by SITE_URL and by the name the store was opened by', async () => {
    ran.length = 0;
    for (const route of actions) {
      const answer = await postForm(
        route.path,
        { intent: 'nothing-known' },
        { origin: 'http://localhost:3000' },
      );
      expect(answer.statusCode, route.id).not.toBe(403);
    }
    expect(ran).toEqual(actions.map((route) => route.id));
    const byAddress = await context.app.inject({
      method: 'POST',
      url: '/cart',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'intent=nothing-known',
    });
    expect(byAddress.statusCode).toBe(200);
    expect(ran.at(-1)).toBe('cart');
  });

  it('saves a card and signs out, as before', async () => {
    const customer = await subscribedCustomer(context);
    const newCard = await cardToken('5555555555554444');
    const saved = await postForm(
      '/account/payment-method.data',
      { payment_method_id: newCard },
      { cookie: customer.cookie, origin: 'http://localhost:3000' },
    );
    expect(saved.statusCode).toBe(200);
    expect((await customerState(customer.cookie)).card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    const signedOut = await postForm(
      '/account/sign-out',
      {},
      {
        cookie: customer.cookie,
        origin: 'http://localhost:3000',
      },
    );
    expect(signedOut.statusCode).toBe(302);
    expect((await customerState(customer.cookie)).me).toBe(401);
  });
});
