import { AsyncLocalStorage } from 'node:async_hooks';
import type { findSession } from './repository';

type SessionRead = ReturnType<typeof findSession>;
/** One page request's session reads, by the session token's hash. */
type Reads = Map<string, SessionRead>;

/**
 * One page request, one session read (decision 022). The storefront renders a page by calling
 * the API in-process several times (who is signed in, the experiments, the account, its boxes),
 * each with the visitor's same cookie, and each call's guard read the same session again. Within
 * the reads of one page, the first read of a session is shared by the others, like one snapshot
 * of the page's start.
 *
 * Only the storefront's in-process GET calls run inside a page's scope (apps/web's transport): a
 * request from the network never does, so it always reads the session anew. A call that may
 * change a session (any other method: sign-in, sign-out, the end of an impersonation) first
 * forgets the page's reads, so a later read sees what it did.
 */
const current = new AsyncLocalStorage<Reads>();
const byPage = new WeakMap<object, Reads>();

export type PageSessions = {
  /** Runs one in-process GET of the page `page` (any object the page request keeps) in its scope. */
  run<T>(page: object, call: () => T): T;
  /** Forgets what the page read, before a call that may change a session. */
  forget(page: object): void;
};

export const pageSessions: PageSessions = {
  run(page, call) {
    let reads = byPage.get(page);
    if (!reads) {
      reads = new Map();
      byPage.set(page, reads);
    }
    return current.run(reads, call);
  },
  forget(page) {
    byPage.delete(page);
  },
};

/** The session of `idHash`: read once per page scope, or every time outside one. */
export function readSessionOnce(idHash: string, read: (idHash: string) => SessionRead): SessionRead {
  const reads = current.getStore();
  if (!reads) return read(idHash);
  let found = reads.get(idHash);
  if (!found) {
    found = read(idHash);
    reads.set(idHash, found);
    // A failed read is not shared: the next call tries again.
    found.catch(() => reads.delete(idHash));
  }
  return found;
}
