import { useEffect } from 'react';
import { useLocation, useMatches, useNavigation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import type {} from './tracker';

/**
 * Loads the tracker (routes/marketing.tracker.ts, a module script) once the page has hydrated and
 * the browser is idle: its work (data layer, exposures, error reporting) never competes with the
 * first paint or hydration, and the queue below keeps every page view until it runs. A script
 * element rather than import(), which would bring Vite's preload helper into the initial chunks;
 * CSP's script-src 'self' admits it without a nonce.
 */
function useIdleTracker(url: string | null | undefined) {
  useEffect(() => {
    if (!url || document.querySelector('script[data-marketing-tracker]')) return;
    const load = () => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = url;
      script.dataset.marketingTracker = '';
      document.head.append(script);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(load, 1500);
    return () => window.clearTimeout(timer);
  }, [url]);
}

/**
 * Hands each page's state to the tracker (data layer, page views, exposures, error reporting),
 * which loads when the browser is idle: only this bridge is part of the initial JavaScript.
 */
export function MarketingBridge() {
  const root = useRouteLoaderData<RootData>('root');
  const location = useLocation();
  const route = useMatches().at(-1);
  const target = useNavigation().location;
  const routeId = route?.id;
  const routeData = route?.loaderData;
  useIdleTracker(root?.site.marketing?.trackerUrl);
  useEffect(() => {
    // The tracker takes the queue over once loaded.
    if (!root) return;
    window.__sproutMarketing ??= [];
    window.__sproutMarketing.push([root, location, routeId, routeData, target]);
  }, [root, location, routeId, routeData, target]);
  return null;
}
