import { useEffect } from 'react';
import { useLocation, useMatches, useNavigation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import type {} from './tracker';

/**
 * Hands each page's state to the tracker (data layer, page views, exposures, error reporting),
 * which loads after the first paint: only this bridge is part of the initial JavaScript.
 */
export function MarketingBridge() {
  const root = useRouteLoaderData<RootData>('root');
  const location = useLocation();
  const route = useMatches().at(-1);
  const target = useNavigation().location;
  const routeId = route?.id;
  const routeData = route?.loaderData;
  useEffect(() => {
    // The tracker (routes/marketing.tracker.ts, a module script) takes the queue over once loaded.
    if (!root) return;
    window.__sproutMarketing ??= [];
    window.__sproutMarketing.push([root, location, routeId, routeData, target]);
  }, [root, location, routeId, routeData, target]);
  return null;
}
