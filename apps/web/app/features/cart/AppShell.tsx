import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { FlashRegion } from '../flash/FlashRegion';
import { CartPanel } from './CartPanel';
import { syncStoredCartId } from './storage';
import { isCartRoute, useCartPage, useCartUi } from './useCart';

/**
 * The capture popup validates with its contract (zod and conform, 38 KB gzip): a chunk of its own,
 * loaded when an Add opens it (only ever in the browser: before hydration an Add goes to the signup
 * page), off the initial JavaScript of every page.
 */
const CaptureEmailPopup = lazy(() =>
  import('../onboarding/CaptureEmailPopup').then((module) => ({ default: module.CaptureEmailPopup })),
);

/**
 * The page and the app-wide overlays side by side. Modals make every other child of this shell
 * inert (useModal); with the panel docked on a desktop, the page makes room for it.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Decided on the server from the route, so the page renders beside the panel from the first paint.
  const ui = useCartUi();
  const docked = isCartRoute(pathname) && ui.docked;
  const { notice, cart, signedIn } = useCartPage();
  const { state: revalidation, revalidate } = useRevalidator();
  const cartId = cart?.id ?? null;

  // The stored cart id (docs/decisions/044): kept, restored into its cookie, or cleared. Checked again
  // once a restore's read is back, whose answer may be that the store dropped the cart.
  useEffect(() => {
    if (revalidation !== 'idle') return;
    if (syncStoredCartId(cartId, signedIn) === 'restored') void revalidate();
  }, [cartId, signedIn, revalidation, revalidate]);

  // The docked panel starts below the sticky header, whose height depends on the layout.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page may bring another header
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    const root = document.documentElement;
    if (!docked) return;
    if (!header) {
      root.style.setProperty('--header-height', '0px');
      return;
    }
    if (typeof ResizeObserver === 'undefined') return;
    // The header's bottom, not its height: the demo ribbon sticks above it (features/layout/DemoRibbon).
    const update = () =>
      root.style.setProperty('--header-height', `${header.getBoundingClientRect().bottom}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, [docked, pathname]);

  return (
    <div className="app-shell" data-app-shell="" data-cart-docked={docked ? 'true' : undefined}>
      {children}
      <CartPanel />
      {ui.capture ? (
        <Suspense fallback={null}>
          <CaptureEmailPopup />
        </Suspense>
      ) : null}
      <FlashRegion notice={notice} />
    </div>
  );
}
