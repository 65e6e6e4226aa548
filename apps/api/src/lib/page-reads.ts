import { AsyncLocalStorage } from 'node:async_hooks';

/** One page request's reads, by what they read ("session:…", "subscription:…"). */
type Reads = Map<string, Promise<unknown>>;

/**
 * One page request, one read of each thing it needs twice (decision 022). The storefront renders
 * a page by calling the API in-process several times (who is signed in, the experiments, the
 * account, its boxes), each with the visitor's same cookie: each call's guard read the same
 * session again, and two of them the same current subscription. Within one page, the first read
 * of a key is shared by the others, concurrent ones included, like one snapshot of the page's
 * start.
 *
 * Only the storefront's in-process GET calls run inside a page's scope (apps/web's transport): a
 * request from the network never does, so it always reads anew. A call that may change what was
 * read (any other method: a sign-in, a sign-out, a pause) forgets the page's reads before and
 * after it, so a later read sees what it did.
 */
const current = new AsyncLocalStorage<Reads>();
const byPage = new WeakMap<object, Reads>();

export type PageReads = {
  /**
   * Runs one in-process call of the page `page` (any object the page request keeps): a GET in
   * the page's scope; any other method outside it, forgetting what the page read before and after.
   */
  run<T>(page: object, method: string, call: () => Promise<T>): Promise<T>;
};

export const pageReads: PageReads = {
  async run(page, method, call) {
    if (method === 'GET') {
      let reads = byPage.get(page);
      if (!reads) {
        reads = new Map();
        byPage.set(page, reads);
      }
      return current.run(reads, call);
    }
    byPage.delete(page);
    try {
      return await call();
    } finally {
      byPage.delete(page);
    }
  },
};

/**
 * `read()`, once per page scope for `key` (which must name everything the read depends on), or
 * every time outside one. The answer is shared: callers must not mutate it.
 */
export function readOncePerPage<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = current.getStore();
  if (!reads) return read();
  let found = reads.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read();
    reads.set(key, found);
    // A failed read is not shared: the next call tries again.
    found.catch(() => reads.delete(key));
  }
  return found;
}
