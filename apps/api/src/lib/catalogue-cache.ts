import { createHash } from 'node:crypto';

/**
 * One catalogue answer as the cache keeps it: the wire value (for the storefront's loaders, which
 * must treat it as read-only: it is shared), its JSON (sent as is by the routes) and its ETag.
 */
export type CachedAnswer<T> = { readonly value: T; readonly json: string; readonly etag: string };

export type CacheLoad<T> = () => Promise<{
  value: T /** epoch ms after which it is re-read */;
  expiresAt?: number;
}>;

type Entry = { answer: CachedAnswer<unknown>; expiresAt: number | null };

/** The ETag names the bytes: two replicas that read the same catalogue agree on it. */
function etagOf(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
}

/**
 * The catalogue's answers in process (decision 028): least recently used entries go first past
 * `maxEntries`, and concurrent misses for one key share one load. `clear()` (an admin write here
 * or in another replica) drops everything, including loads in flight: a load that started before
 * the change may have read the old rows, so its answer is handed to its callers but never stored.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loads = new Map<string, Promise<CachedAnswer<unknown>>>();
  private generation = 0;
  private trusted = true;
  readonly stats = { hits: 0, misses: 0, clears: 0 };

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async get<T>(key: string, load: CacheLoad<T>): Promise<CachedAnswer<T>> {
    const entry = this.entries.get(key);
    if (entry && (entry.expiresAt === null || entry.expiresAt > this.now())) {
      // Re-inserting moves the key to the end of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.stats.hits += 1;
      return entry.answer as CachedAnswer<T>;
    }
    if (entry) this.entries.delete(key);
    const pending = this.loads.get(key);
    if (pending) return pending as Promise<CachedAnswer<T>>;

    this.stats.misses += 1;
    const generation = this.generation;
    const loading = (async () => {
      const { value, expiresAt } = await load();
      const json = JSON.stringify(value);
      const answer: CachedAnswer<T> = { value, json, etag: etagOf(json) };
      if (generation === this.generation && this.trusted) this.store(key, answer, expiresAt ?? null);
      return answer;
    })();
    this.loads.set(key, loading);
    const forget = () => {
      if (this.loads.get(key) === loading) this.loads.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }

  /** Drops every entry and every load in flight (their answers are not stored). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loads.clear();
    this.stats.clears += 1;
    const waiting = this.clearWaiters.splice(0);
    for (const resolve of waiting) resolve();
  }

  private readonly clearWaiters: (() => void)[] = [];

  /** Resolves at the next clear: lets a test wait for another replica's notification, no sleeping. */
  nextClear(): Promise<void> {
    return new Promise((resolve) => this.clearWaiters.push(resolve));
  }

  /**
   * While changes may go unnoticed (the replica's LISTEN connection is down) nothing is stored and
   * every read goes to the database; trusting again starts from an empty cache.
   */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.clear();
  }

  private store(key: string, answer: CachedAnswer<unknown>, expiresAt: number | null) {
    this.entries.set(key, { answer, expiresAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

/** An If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
