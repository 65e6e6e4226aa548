import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, listenToChannel, notifyChannel } from '@sprout/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Shoppers } from '../domain/shopper';
import { CatalogueCache } from '../lib/catalogue-cache';
import { type BlogReads, createBlogReads } from '../modules/blog/reads';
import { type CatalogueReads, createCatalogueReads } from '../modules/catalog/reads';
import { productExists } from '../modules/catalog/service';
import { shoppersWith } from '../modules/pricing/service';
import { livePromo } from '../modules/promotions/live-promo';

/**
 * The channel every replica listens on; the payload is the sending replica's id and its change
 * count (for logs), so a replica skips its own notifications: it dropped its cache already.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** Plenty for every menu × filter × page × price group a storefront really shows. */
const MAX_ENTRIES = 2000;

export type Catalogue = CatalogueReads & {
  readonly cache: CatalogueCache;
  /**
   * The blog's published content (posts as their page shows them, categories with counts), in the
   * same cache: a post's dishes are catalogue cards, and one channel serves both (decision 028).
   */
  readonly blog: BlogReads;
  /**
   * Who is browsing (cart, plan, live promo code): the pricing and promotions modules' answer,
   * composed here and handed to the catalogue and plans routes, which import neither (decision 048).
   */
  readonly shoppers: Shoppers;
  /** Whether a dish of this slug exists: the catalogue's answer to the blog's admin (decision 048). */
  readonly productExists: typeof productExists;
  /** True while this replica hears other replicas' changes (always on PGlite). */
  readonly listening: boolean;
  /** The listening connection's backend pid (PostgreSQL), for tests that cut it. */
  readonly listenerPid: number | null;
  /**
   * Call after an admin write to the catalogue (or to anything priced into it) or to a blog post
   * has committed:
   * drops this replica's cache and tells every other one to drop theirs.
   */
  changed(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue reads, cached in process and invalidated in every replica (decision 028). */
    catalogue: Catalogue;
  }
}

export default fp<{ database: DatabaseHandle }>(
  async function cataloguePlugin(app: FastifyInstance, { database }) {
    const cache = new CatalogueCache(MAX_ENTRIES);
    // Per app instance, not per process: two instances in one process are two replicas (tests).
    const replicaId = randomUUID();
    const listener = await listenToChannel(database, CATALOGUE_CHANNEL, {
      onNotification(payload) {
        // Our own change comes back too, after our own clear: a second clear would only throw
        // away what was read since then.
        if (!payload.startsWith(`${replicaId}:`)) cache.clear();
      },
      onListeningChange(listening) {
        // Lost: changes may go unheard, so stop caching. Back: what was cached before is suspect.
        cache.setTrusted(listening);
        if (listening) app.log.info('catalogue cache: listening again, cache dropped');
      },
      onError: (error) =>
        app.log.warn(
          { err: error },
          'catalogue cache: the listening connection failed; not caching until back',
        ),
    });
    if (!listener.listening) cache.setTrusted(false);
    app.addHook('onClose', () => listener.close());

    const shoppers = shoppersWith(livePromo);
    const reads = createCatalogueReads(() => database.db, cache, shoppers);
    let version = 0;
    const catalogue: Catalogue = {
      ...reads,
      cache,
      shoppers,
      productExists,
      blog: createBlogReads(() => database.db, cache),
      get listening() {
        return listener.listening;
      },
      get listenerPid() {
        return listener.backendPid;
      },
      async changed() {
        cache.clear();
        version += 1;
        await notifyChannel(database.db, CATALOGUE_CHANNEL, `${replicaId}:${version}`);
      },
    };
    app.decorate('catalogue', catalogue);
  },
  { name: 'catalogue', dependencies: ['database'] },
);
