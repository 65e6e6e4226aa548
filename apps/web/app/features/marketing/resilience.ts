import { MAX_QUEUED_ROUTE_PRELOADS, RELOAD_GUARD_MS } from '@sprout/contracts';

export { claimReload, type GuardStorage } from '../../lib/reload-guard';

import { matchRoutes, type RouteObject } from 'react-router';

/**
 * The browser's error handling as small pure pieces (decisions 026 and 043): the per-session report
 * limit, chunk-load failures and their reload guard, duplicated navigations, the route preload
 * queue and new-build detection. The tracker wires them to the page.
 */

export { RELOAD_GUARD_MS };
export const MAX_QUEUED_PRELOADS = MAX_QUEUED_ROUTE_PRELOADS;
export const BUILD_POLL_MS = 60 * 60 * 1000;

/** 10 reports per session unless configured, and never outside 1 to 100. */
export function clampMaxEvents(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 10;
  return Math.min(100, Math.max(1, Math.trunc(value)));
}

/** Counts reports for the session: true while one more may be sent. */
export function createReportLimiter(maxEvents: number) {
  const max = clampMaxEvents(maxEvents);
  let sent = 0;
  return {
    take(): boolean {
      if (sent >= max) return false;
      sent += 1;
      return true;
    },
    get sent() {
      return sent;
    },
  };
}

/** A failed import of a route's code (a deploy removed the old chunks), as browsers word it. */
export function isChunkLoadError(error: unknown): boolean {
  const message =
    error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk \d+ failed/i.test(
    message,
  );
}

/** The same address again (a double click, a link to the page itself): not a new page view. */
export function isDuplicateNavigation(
  previous: { pathname: string; search: string; hash: string } | null,
  next: { pathname: string; search: string; hash: string },
): boolean {
  return (
    previous !== null &&
    previous.pathname === next.pathname &&
    previous.search === next.search &&
    previous.hash === next.hash
  );
}

/**
 * Route preloads (hover, viewport): at most four queued; a fifth drops the oldest waiting one,
 * since the pointer has moved on. One runs at a time.
 */
export function createPreloadQueue(run: (href: string) => Promise<unknown>, max = MAX_QUEUED_PRELOADS) {
  const waiting: string[] = [];
  const done = new Set<string>();
  let busy = false;
  async function next(): Promise<void> {
    if (busy) return;
    const href = waiting.shift();
    if (href === undefined) return;
    busy = true;
    try {
      await run(href);
      done.add(href);
    } catch {
      // A failed preload is only a missed optimisation: the navigation loads it again.
    } finally {
      busy = false;
      void next();
    }
  }
  return {
    add(href: string): void {
      if (done.has(href) || waiting.includes(href)) return;
      waiting.push(href);
      while (waiting.length > max) waiting.shift();
      void next();
    },
    get waiting(): readonly string[] {
      return waiting;
    },
  };
}

/** React Router answers /__manifest with 204 and this header when the build changed. */
export function isNewBuildAnswer(response: {
  status: number;
  headers: { get(name: string): string | null };
}): boolean {
  return response.status === 204 && response.headers.get('X-Remix-Reload-Document') === 'true';
}

/** A route as the build's manifest describes it (window.__reactRouterManifest.routes). */
export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
};

/** The manifest's flat routes as the nested tree React Router matches against. */
function routeTree(routes: Record<string, ManifestRoute>, parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route): RouteObject => {
      const base = {
        id: route.id,
        ...(route.path === undefined ? {} : { path: route.path }),
        ...(route.caseSensitive ? { caseSensitive: true } : {}),
      };
      // An index route has no children: React Router refuses a tree where it has some.
      return route.index ? { ...base, index: true } : { ...base, children: routeTree(routes, route.id) };
    });
}

/**
 * The scripts a visit to `pathname` needs, by the manifest's route tree: each matched route's
 * module and its imports, minus the routes already loaded (empty when all are). When no route
 * matches (it is not discovered yet), null: the caller asks the server for the route first. A
 * match that ends in the catch-all (`*`) counts as none: the real route may be undiscovered.
 */
export function routeScriptsFor(
  routes: Record<string, ManifestRoute>,
  pathname: string,
  loaded: (routeId: string) => boolean,
): string[] | null {
  const matches = matchRoutes(routeTree(routes, undefined), pathname);
  const deepest = matches?.at(-1)?.route.id;
  if (!matches || deepest === undefined || routes[deepest]?.path === '*') return null;
  const scripts = new Set<string>();
  for (const { route } of matches) {
    if (route.id === undefined || loaded(route.id)) continue;
    const entry = routes[route.id]!;
    scripts.add(entry.module);
    for (const file of entry.imports ?? []) scripts.add(file);
  }
  return [...scripts];
}
