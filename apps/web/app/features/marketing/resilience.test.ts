import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimReload,
  clampMaxEvents,
  createPreloadQueue,
  createReportLimiter,
  isChunkLoadError,
  isDuplicateNavigation,
  isNewBuildAnswer,
  type ManifestRoute,
  routeScriptsFor,
} from './resilience';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('error reporting limits', () => {
  it('keeps maxEvents within 1 to 100, 10 by default', () => {
    expect(clampMaxEvents(undefined)).toBe(10);
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (value) => {
        const max = clampMaxEvents(value);
        expect(max).toBeGreaterThanOrEqual(1);
        expect(max).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('sends at most maxEvents reports per session', () => {
    const limiter = createReportLimiter(3);
    expect([1, 2, 3, 4, 5].map(() => limiter.take())).toEqual([true, true, true, false, false]);
  });
});

describe('chunk loads, navigations, preloads, new builds', () => {
  it('recognises failed chunk loads', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/menus-1.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads a target once within the 10 second guard', () => {
    const storage = memoryStorage();
    expect(claimReload('/menus', 1000, storage)).toBe(true);
    expect(claimReload('/menus', 5000, storage)).toBe(false);
    expect(claimReload('/menus', 11_000, storage)).toBe(true);
    expect(claimReload('/onboarding/plans', 11_001, storage)).toBe(true);
  });

  it('recognises a duplicated navigation', () => {
    const at = { pathname: '/menus', search: '', hash: '' };
    expect(isDuplicateNavigation(null, at)).toBe(false);
    expect(isDuplicateNavigation(at, { ...at })).toBe(true);
    expect(isDuplicateNavigation(at, { ...at, search: '?page=2' })).toBe(false);
  });

  it('queues at most 4 route preloads', async () => {
    const started: string[] = [];
    let release: () => void = () => {};
    const queue = createPreloadQueue(
      (href) =>
        new Promise<void>((resolve) => {
          started.push(href);
          release = resolve;
        }),
    );
    for (const href of ['/a', '/b', '/c', '/d', '/e', '/f']) queue.add(href);
    expect(started).toEqual(['/a']);
    expect(queue.waiting).toEqual(['/c', '/d', '/e', '/f']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['/a', '/c']);
  });

  it('finds the scripts of the routes a path matches, skipping the loaded ones', () => {
    const routes: Record<string, ManifestRoute> = {
      root: { id: 'root', path: '', module: '/assets/root.js', imports: ['/assets/framework.js'] },
      layout: { id: 'layout', parentId: 'root', module: '/assets/layout.js' },
      menus: { id: 'menus', parentId: 'layout', path: 'menus/:menu?', module: '/assets/menus.js' },
      gifts: {
        id: 'gifts',
        parentId: 'layout',
        path: 'gift-cards',
        module: '/assets/gift-cards.js',
        imports: ['/assets/GiftCardForm.js', '/assets/framework.js'],
      },
      notFound: { id: 'notFound', parentId: 'root', path: '*', module: '/assets/not-found.js' },
    };
    const loaded = (id: string) => id === 'root' || id === 'layout';
    expect(routeScriptsFor(routes, '/gift-cards', loaded)).toEqual([
      '/assets/gift-cards.js',
      '/assets/GiftCardForm.js',
      '/assets/framework.js',
    ]);
    expect(routeScriptsFor(routes, '/menus/toddler-meals', (id) => id !== 'menus')).toEqual([
      '/assets/menus.js',
    ]);
    expect(routeScriptsFor(routes, '/menus', () => true)).toEqual([]);
    // Only the catch-all matches: the real route may not be discovered yet.
    expect(routeScriptsFor(routes, '/account/orders', loaded)).toBeNull();
  });

  it('reads a new build from the manifest answer', () => {
    const headers = (value: string | null) => ({ get: () => value });
    expect(isNewBuildAnswer({ status: 204, headers: headers('true') })).toBe(true);
    expect(isNewBuildAnswer({ status: 200, headers: headers(null) })).toBe(false);
  });
});
