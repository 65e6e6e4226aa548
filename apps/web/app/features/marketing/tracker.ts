import { type AbandonedCart, type ExperimentAssignment, endpointPaths } from '@sprout/contracts';
import type { Location } from 'react-router';
import { DEFAULT_MARKETING_SETTINGS, type MarketingSettings } from '../../lib/context';
import type { RootData } from '../../root';
import { announce, pushDataLayer } from './data-layer';
import { cartChangeEvents, experimentsEvent, viewEvent, viewedPageBody, viewItemListEvent } from './events';
import { recordExposure } from './exposure';
import { resetPickyEaterPopupOnNavigation, schedulePickyEaterPopup } from './picky-eater';
import { startErrorReporting } from './reporter';
import {
  BUILD_POLL_MS,
  claimReload,
  createPreloadQueue,
  isChunkLoadError,
  isDuplicateNavigation,
  isNewBuildAnswer,
  type ManifestRoute,
  routeScriptsFor,
} from './resilience';

/**
 * The browser's marketing side (docs/decisions/026), loaded after the first paint (it is not part of the
 * /menus budget): the data layer's events, the page-view beacon, error reporting and new-build
 * detection, route preloads. The root's bridge hands it a snapshot of the page after each render
 * that matters.
 */

export type PageSnapshot = {
  settings: MarketingSettings;
  location: { pathname: string; search: string; hash: string; key: string };
  routeName: string;
  title: string;
  cart: AbandonedCart | null;
  experiments: ExperimentAssignment[];
  /** The products a listing page shows (GA4 view_item_list). */
  listing: { id: string; name: string; products: { sku: string; name: string; item_price: number }[] } | null;
  /** Where a navigation in flight is going (a failed chunk load reloads it). */
  navigatingTo: string | null;
  visitorId: string | undefined;
};

type Listing = {
  /** The menus page's cards (productCardData): their price is the card's, not the wire's item_price. */
  products?: { sku: string; name: string; price: { price: number } }[];
  menu?: { slug: string; name: string } | null;
};

/** The bridge's raw page state, as the tracker's snapshot. */
export function snapshotOf(
  root: RootData,
  location: Location,
  routeId: string | undefined,
  routeData: unknown,
  target: Location | undefined,
): PageSnapshot {
  const data = routeData as Listing | undefined;
  return {
    settings: root.site.marketing ?? DEFAULT_MARKETING_SETTINGS,
    location,
    routeName: routeId ?? 'unknown',
    title: document.title,
    cart: root.cart.cart,
    experiments: root.experiments?.experiments ?? [],
    visitorId: root.experiments?.visitorId,
    listing:
      routeId === 'menus' && data?.products
        ? {
            id: data.menu?.slug ?? 'all',
            name: data.menu?.name ?? 'All menus',
            products: data.products.map(({ sku, name, price }) => ({ sku, name, item_price: price.price })),
          }
        : null,
    navigatingTo: target ? `${target.pathname}${target.search}` : null,
  };
}

type Manifest = { version?: string; routes?: Record<string, ManifestRoute> };
declare global {
  interface Window {
    __reactRouterManifest?: Manifest;
    /** The route modules React Router has loaded, by route id. */
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

let started = false;
let lastLocation: PageSnapshot['location'] | null = null;
let lastCart: AbandonedCart | null | undefined;
let lastExperiments = '';
let newBuildDeployed = false;
let navigatingTo: string | null = null;

function start(settings: MarketingSettings) {
  started = true;
  window.__sproutDataLayerName = settings.dataLayerName;
  const reporter = startErrorReporting(settings);
  const onChunkFailure = (reason: unknown) => {
    if (!isChunkLoadError(reason)) return false;
    const target = navigatingTo ?? `${location.pathname}${location.search}`;
    if (claimReload(target, Date.now(), sessionStorage)) window.location.assign(target);
    return true;
  };
  window.addEventListener('error', (event) => {
    if (!onChunkFailure(event.error ?? event.message)) reporter.capture(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (!onChunkFailure(event.reason)) reporter.capture(event.reason);
  });
  // A deploy replaces the build: the next navigation loads the new document (no missing chunks).
  window.setInterval(() => void checkBuild(), BUILD_POLL_MS);
  watchRoutePreloads();
}

/** A link to another page of this store, by its path; null for anything else. */
function pagePathOf(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  // Not pages: the API, sign-in redirects, the demo tools, files.
  if (/^\/(api|auth|dev|media|assets)\//.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname))
    return null;
  return url.pathname;
}

/** Adds a modulepreload for each script not already in the page; settles when all have loaded. */
function preloadScripts(scripts: string[]): Promise<unknown> {
  const present = new Set(
    [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')].map(
      (element) => new URL(element instanceof HTMLLinkElement ? element.href : element.src).pathname,
    ),
  );
  return Promise.all(
    scripts
      .filter((script) => !present.has(script))
      .map(
        (script) =>
          new Promise<void>((resolve) => {
            const link = document.createElement('link');
            link.rel = 'modulepreload';
            link.href = script;
            link.onload = link.onerror = () => resolve();
            document.head.append(link);
          }),
      ),
  );
}

/** The route's code for a page the visitor is about to open, asking the server for the route if need be. */
async function preloadRoute(pathname: string): Promise<void> {
  const manifest = window.__reactRouterManifest;
  if (!manifest?.routes || !manifest.version) return;
  const loaded = (routeId: string) => Boolean(window.__reactRouterRouteModules?.[routeId]);
  let scripts = routeScriptsFor(manifest.routes, pathname, loaded);
  if (scripts === null) {
    // Not discovered yet: the same question React Router's route discovery asks.
    const query = new URLSearchParams({ paths: pathname, version: manifest.version });
    const response = await fetch(`/__manifest?${query}`, { credentials: 'same-origin' });
    if (response.status !== 200) return;
    const patches = (await response.json()) as Record<string, ManifestRoute>;
    scripts = routeScriptsFor({ ...manifest.routes, ...patches }, pathname, loaded);
  }
  if (scripts) await preloadScripts(scripts);
}

/**
 * The code of a page a pointer rests on, or a keyboard or finger reaches, is
 * fetched ahead of the click, at most four such preloads waiting (the queue drops the oldest).
 */
function watchRoutePreloads() {
  const queue = createPreloadQueue(preloadRoute);
  const onIntent = (event: Event) => {
    const pathname = pagePathOf(event.target);
    if (pathname) queue.add(pathname);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
}

async function checkBuild() {
  const version = window.__reactRouterManifest?.version;
  if (!version || newBuildDeployed) return;
  try {
    const response = await fetch(`/__manifest?version=${encodeURIComponent(version)}&paths=`, {
      credentials: 'same-origin',
    });
    newBuildDeployed = isNewBuildAnswer(response);
  } catch {
    // Offline for a moment: the next poll asks again.
  }
}

function sendPageView(snapshot: PageSnapshot, eventId: string) {
  if (!snapshot.cart) return;
  const body = viewedPageBody({
    origin: window.location.origin,
    path: snapshot.location.pathname,
    routeName: snapshot.routeName,
    cartId: snapshot.cart.id,
    eventId,
  });
  void fetch(endpointPaths.viewedPage, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  })
    .then(() => announce({ type: 'network-call', detail: { url: endpointPaths.viewedPage } }))
    .catch(() => {
      // A lost beacon is a lost statistic, never an error for the visitor.
    });
}

let current: PageSnapshot | null = null;
const exposed = new Set<string>();

/**
 * An element marked `data-experiment="<experiment>.<variant>"` (the capture popup) is the variant
 * being seen: its exposure is recorded once per page load.
 */
function watchExposures() {
  const check = () => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-experiment]')) {
      const code = element.dataset.experiment ?? '';
      const entry = current?.experiments.find((candidate) => candidate.code === code);
      if (!entry || exposed.has(code)) continue;
      exposed.add(code);
      void recordExposure({
        experimentCode: entry.experiment_code,
        variant: entry.variant,
        cartId: current?.cart?.id,
        visitorId: current?.visitorId,
      });
    }
  };
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  check();
}

export function track(
  root: RootData,
  location: Location,
  routeId: string | undefined,
  routeData: unknown,
  target: Location | undefined,
): void {
  const snapshot = snapshotOf(root, location, routeId, routeData, target);
  current = snapshot;
  if (!started) {
    start(snapshot.settings);
    watchExposures();
  }
  navigatingTo = snapshot.navigatingTo;

  // Step 2 of the app start: the experiments, as user properties, before the first view.
  const experimentCodes = snapshot.experiments.map((entry) => entry.code).join(',');
  if (experimentCodes !== lastExperiments) {
    lastExperiments = experimentCodes;
    if (snapshot.experiments.length > 0) pushDataLayer(experimentsEvent(snapshot.experiments));
  }

  if (snapshot.location.key !== lastLocation?.key) {
    resetPickyEaterPopupOnNavigation();
    const duplicate = isDuplicateNavigation(lastLocation, snapshot.location);
    const first = lastLocation === null;
    lastLocation = snapshot.location;
    if (!first && newBuildDeployed) {
      // A new build is out: load this page as a document, with the new build's code.
      window.location.reload();
      return;
    }
    if (duplicate) {
      console.info(`Duplicated navigation to ${snapshot.location.pathname} ignored.`);
    } else {
      const eventId = crypto.randomUUID();
      pushDataLayer(
        viewEvent(snapshot.settings.viewEvent, {
          url: `${window.location.origin}${snapshot.location.pathname}${snapshot.location.search}`,
          path: snapshot.location.pathname,
          routeName: snapshot.routeName,
          title: snapshot.title,
          eventId,
        }),
      );
      if (snapshot.listing && snapshot.listing.products.length > 0) {
        pushDataLayer({ ecommerce: null });
        pushDataLayer(viewItemListEvent(snapshot.listing, snapshot.listing.products));
      }
      sendPageView(snapshot, eventId);
    }
  }

  schedulePickyEaterPopup(snapshot.routeName, { cartId: snapshot.cart?.id });

  const { push, announce: announcements } = cartChangeEvents(lastCart, snapshot.cart);
  lastCart = snapshot.cart;
  for (const event of push) pushDataLayer(event);
  for (const announcement of announcements) announce(announcement);
}

type TrackArgs = [RootData, Location, string | undefined, unknown, Location | undefined];
declare global {
  interface Window {
    /** The bridge's queue of page states until this module runs, then the tracker itself. */
    __sproutMarketing?: TrackArgs[] | { push(args: TrackArgs): void };
  }
}

/** Takes over the bridge's queue: what was queued before this module loaded is tracked in order. */
export function installTracker(): void {
  if (typeof window === 'undefined') return;
  const queued: TrackArgs[] = Array.isArray(window.__sproutMarketing) ? window.__sproutMarketing : [];
  window.__sproutMarketing = { push: (args: TrackArgs) => track(...args) };
  for (const args of queued) track(...args);
}
