import { useEffect } from 'react';
import { useLocation, useMatches, useNavigation, useRouteLoaderData } from 'react-router';
import { DEFAULT_MARKETING_SETTINGS } from '../../lib/context';
import type { RootData } from '../../root';

type Listing = {
  products?: { sku: string; name: string; item_price: number }[];
  menu?: { slug: string; name: string } | null;
};

/**
 * Hands each page's state to the tracker (data layer, page views, error reporting), which loads
 * after the first paint: only this bridge is part of the initial JavaScript.
 */
export function MarketingBridge() {
  const root = useRouteLoaderData<RootData>('root');
  const location = useLocation();
  const matches = useMatches();
  const target = useNavigation().location;
  const deepest = matches[matches.length - 1];
  const routeId = deepest?.id;
  const routeData = deepest?.loaderData;
  useEffect(() => {
    if (!root) return;
    const data = routeData as Listing | undefined;
    const listing =
      routeId === 'menus' && data?.products
        ? { id: data.menu?.slug ?? 'all', name: data.menu?.name ?? 'All menus', products: data.products }
        : null;
    void import('./tracker').then(({ track }) =>
      track({
        settings: root.site.marketing ?? DEFAULT_MARKETING_SETTINGS,
        location,
        routeName: routeId ?? 'unknown',
        title: document.title,
        cart: root.cart.cart,
        experiments: root.experiments?.experiments ?? [],
        listing,
        navigatingTo: target ? `${target.pathname}${target.search}` : null,
      }),
    );
  }, [root, location, routeId, routeData, target]);
  return null;
}
