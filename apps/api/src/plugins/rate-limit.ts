import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '@sprout/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as limits from '../platform/limits/service';

export const WRITES_MESSAGE = 'Too many changes from your connection. Please wait a minute and try again.';
export const CART_CREATIONS_MESSAGE =
  'Too many new carts from your connection. Please wait a while, or keep using the cart you have.';

type Options = {
  /** Writes (POST, PUT, PATCH, DELETE) one client address may send per minute; 0: no limit. */
  writesPerMinute: number;
  /** New carts one client address may create per hour; 0: no limit. */
  cartCreationsPerHour: number;
  /** The routes that create a cart (a stricter limit: each one is a row anyone could pile up). */
  cartCreationPaths: readonly string[];
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** @fastify/rate-limit's store on the database (limits module), so every replica shares the counts. */
function databaseStore(db: Database, group = 'writes') {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      limits.countHit(db, `${group}:${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { config?: unknown; groupId?: string }): FastifyRateLimitStore {
      const Store = databaseStore(db, routeOptions.groupId ?? group);
      return new Store();
    }
  };
}

/**
 * A per-client limit on writes, generous enough for a family behind one address, so a script
 * cannot fill the database; reads are never limited. Tests and journeys set the limits to 0.
 */
export default fp<Options>(
  async function rateLimitPlugin(app: FastifyInstance, options) {
    if (options.writesPerMinute === 0 && options.cartCreationsPerHour === 0) return;
    const cartCreation = new Set(options.cartCreationPaths);
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      const writes = methods.some((method) => !READ_METHODS.has(method));
      if (!writes) {
        route.config = { ...(route.config as object), rateLimit: false } as never;
      } else if (
        methods.includes('POST') &&
        cartCreation.has(route.url) &&
        options.cartCreationsPerHour > 0
      ) {
        route.config = {
          ...(route.config as object),
          rateLimit: {
            max: options.cartCreationsPerHour,
            timeWindow: 3_600_000,
            groupId: 'cart-creations',
            errorResponseBuilder: () => ({ statusCode: 429, message: CART_CREATIONS_MESSAGE }),
          },
        } as never;
      } else if (options.writesPerMinute === 0) {
        route.config = { ...(route.config as object), rateLimit: false } as never;
      }
    });
    await app.register(rateLimit, {
      global: true,
      max: options.writesPerMinute || Number.MAX_SAFE_INTEGER,
      timeWindow: 60_000,
      store: databaseStore(app.database.db),
      // A database hiccup must not refuse every customer's change.
      skipOnError: true,
      // One client: an IPv4 address, or an IPv6 /64 (decision 016).
      keyGenerator: (request) => limits.clientSubject(request.ip),
      // By the request's method, not the route's: the storefront's page route takes GET and POST
      // (form posts), and a page view must neither count as a write nor cost a statement.
      allowList: (request) => READ_METHODS.has(request.method),
      errorResponseBuilder: () => ({ statusCode: 429, message: WRITES_MESSAGE }),
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
