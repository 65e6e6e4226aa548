import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogueCache, matchesEtag } from './catalogue-cache';

const value =
  <T>(v: T) =>
  async () => ({ value: v });

describe('CatalogueCache', () => {
  it('loads a key once and answers later reads from memory', async () => {
    const cache = new CatalogueCache(10);
    let loads = 0;
    const load = async () => ({ value: { loads: ++loads } });
    const first = await cache.get('k', load);
    const second = await cache.get('k', load);
    expect(second).toBe(first);
    expect(loads).toBe(1);
    expect(first.json).toBe('{"loads":1}');
    expect(first.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('shares one load between concurrent misses of one key', async () => {
    const cache = new CatalogueCache(10);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async () => {
      loads += 1;
      await gate;
      return { value: 'v' };
    };
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    release();
    const all = await answers;
    expect(loads).toBe(1);
    expect(new Set(all).size).toBe(1);
  });

  it('never stores what a load read before a clear', async () => {
    const cache = new CatalogueCache(10);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stale = cache.get('k', async () => {
      await gate;
      return { value: 'old' };
    });
    cache.clear();
    // A read after the change starts its own load instead of joining the stale one.
    const fresh = cache.get('k', value('new'));
    release();
    expect((await stale).value).toBe('old');
    expect((await fresh).value).toBe('new');
    expect((await cache.get('k', value('later'))).value).toBe('new');
  });

  it('does not keep a failed load', async () => {
    const cache = new CatalogueCache(10);
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('k', value('ok'))).value).toBe('ok');
  });

  it('stores nothing while untrusted', async () => {
    const cache = new CatalogueCache(10);
    await cache.get('k', value(1));
    cache.setTrusted(false);
    expect(cache.size).toBe(0);
    await cache.get('k', value(2));
    expect(cache.size).toBe(0);
    cache.setTrusted(true);
    await cache.get('k', value(3));
    expect((await cache.get('k', value(4))).value).toBe(3);
  });

  it('re-reads an entry past its expiry', async () => {
    let now = 1000;
    const cache = new CatalogueCache(10, () => now);
    await cache.get('k', async () => ({ value: 'a', expiresAt: 2000 }));
    expect((await cache.get('k', value('b'))).value).toBe('a');
    now = 2000;
    expect((await cache.get('k', value('b'))).value).toBe('b');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 15 })),
        async (max, keys) => {
          const cache = new CatalogueCache(max);
          const recent: number[] = [];
          for (const key of keys) {
            await cache.get(String(key), value(key));
            recent.splice(recent.indexOf(key) >>> 0, recent.includes(key) ? 1 : 0);
            recent.push(key);
          }
          expect(cache.size).toBe(Math.min(max, recent.length));
          // The most recently used keys are still there: reading them loads nothing.
          for (const key of recent.slice(-max)) {
            await cache.get(String(key), () => Promise.reject(new Error(`reloaded ${key}`)));
          }
        },
      ),
    );
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in lists, and accepts *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
