import type { AbandonedCart } from '@sprout/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useFetchers,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { RootData } from '../../root';
import { CART_ADD_ERROR_DURATION, showFlash } from '../flash/flash';
import { useHydrated } from '../forms/useHydrated';
import type { CartActionData } from './cart.server';
import type { CartPageData } from './cart-page.server';
import { EMPTY_CART } from './lines';
import type { Pending } from './pending';
import { refusalToast } from './refusal';

/** Where cart changes are posted (routes/cart.ts). */
export const CART_ACTION = '/cart';

/** Screens where the cart panel docks beside the page on wide windows. */
export function isCartRoute(pathname: string): boolean {
  return /^\/menus(\/|$)/.test(pathname) || /^\/onboarding\/checkout\/?$/.test(pathname);
}

/**
 * Cart changes after which the listing is read again: what a dish or plan costs (the plan, the
 * code, the state's prices), or the menu filters saved on the cart.
 */
const PRICE_INTENTS = new Set([
  'select-plan',
  'apply-promo',
  'remove-promo',
  'update-details',
  'save-filters',
]);

/**
 * shouldRevalidate of pages priced under the visitor's cart: a quantity change re-reads the cart
 * (root loader) but not the whole listing; a plan or code change re-reads the prices too.
 */
export function revalidateOnPriceChange({
  formAction,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formAction !== CART_ACTION) return defaultShouldRevalidate;
  return defaultShouldRevalidate && PRICE_INTENTS.has(String(formData?.get('intent')));
}

/** A visitor with no cart (and the maintenance page, which knows none). */
export const EMPTY_CART_PAGE: CartPageData = {
  cart: null,
  signedIn: false,
  isAdmin: false,
  plans: [],
  cartPresets: [],
  notice: null,
  referralOffer: null,
};

/** The priced cart a change answered, when the page renders from it (decision 052). */
export function answeredCart(actionResult: unknown): AbandonedCart | null {
  const cart = (actionResult as Pick<CartActionData, 'cart'> | null | undefined)?.cart;
  return cart ?? null;
}

/**
 * The cart as the root loader read it (by the cart cookie), or as the last change answered it
 * since that read (decision 052: the loader is not asked again after a change that answered it).
 */
export function useCartPage(): CartPageData {
  const loaded = useRouteLoaderData<RootData>('root')?.cart ?? EMPTY_CART_PAGE;
  const answered = useContext(CartUiContext)?.answered ?? null;
  return answered && answered.base === loaded ? { ...loaded, cart: answered.cart } : loaded;
}

/**
 * The visitor's abandoned cart (`data`, null without one) and its box (`cart`, an empty one
 * without a cart), as the API sends them: nothing is copied or renamed in the browser. A signed-in
 * subscriber has no cart: `box` is their next editable box (docs/decisions/042), and `cart` carries only its
 * count and size, so the header's count and the dishes' steppers read the box.
 */
export function useCartView() {
  const page = useCartPage();
  const data = page.cart;
  const box = page.subscriber?.box ?? null;
  const cart = box
    ? { ...EMPTY_CART, item_count: box.item_count, threshold: box.threshold }
    : (data?.cart ?? EMPTY_CART);
  const lines: readonly { sku: string; quantity: number }[] = box ? box.items : cart.items;
  return {
    page,
    data,
    cart,
    subscriber: page.subscriber ?? null,
    box,
    /** How many of a dish the box shown holds (the subscriber's box, or the cart). */
    quantityOf: (sku: string) => lines.find((line) => line.sku === sku)?.quantity ?? 0,
    identified: Boolean(data?.email) && data?.zip_code_id != null,
  };
}

/**
 * The box's item count as it will be once the changes in flight are saved (optimistic, from each
 * fetcher's form data): a set-item sends the dish's new quantity, so its change is that less what
 * the box holds now.
 */
export function useOptimisticItemCount(): number {
  const { cart, quantityOf } = useCartView();
  const fetchers = useFetchers();
  let count = cart.item_count;
  for (const fetcher of fetchers) {
    if (fetcher.state === 'idle' || !fetcher.key.startsWith('cart-item-')) continue;
    if (fetcher.formData?.get('intent') !== 'set-item') continue;
    const quantity = Number(fetcher.formData.get('quantity'));
    const sku = String(fetcher.formData.get('sku') ?? '');
    if (Number.isFinite(quantity)) count += quantity - quantityOf(sku);
  }
  return Math.max(0, count);
}

/** Before hydration a form posts as a document: the action sends the visitor back to this page. */
export function ReturnTo() {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  if (hydrated) return null;
  return <input type="hidden" name="returnTo" value={`${pathname}${search}`} />;
}

/** Hidden fields carrying a pending change (see pendingToSearch). */
export function PendingFields({ pending }: { pending: Pending | null }) {
  if (!pending) return null;
  if ('groupId' in pending) return <input type="hidden" name="add_group" value={pending.groupId} />;
  return (
    <>
      <input type="hidden" name="add" value={pending.items.map((item) => item.sku).join(',')} />
      <input type="hidden" name="add_qty" value={pending.items.map((item) => item.quantity).join(',')} />
    </>
  );
}

type UpgradeAsk = NonNullable<CartActionData['upgrade']>;

type CartUi = {
  /** The drawer (narrow windows, or pages without the docked panel). */
  panelOpen: boolean;
  /** The docked panel beside menus and checkout on wide windows: shown unless closed on this page. */
  docked: boolean;
  setDocked(docked: boolean): void;
  setPanelOpen(open: boolean | ((open: boolean) => boolean)): void;
  /** What waits for the capture popup (null: closed). */
  capture: Pending | null;
  setCapture(pending: Pending | null): void;
  upgrade: UpgradeAsk | null;
  setUpgrade(ask: UpgradeAsk | null): void;
  /** The cart a change answered, over the root loader's read it replaces (`base`). */
  answered: { base: CartPageData; cart: AbandonedCart } | null;
  answer(cart: AbandonedCart): void;
};

const CartUiContext = createContext<CartUi | null>(null);

/** UI-only state (panel open, popup open, the plan being offered): never a copy of the cart. */
export function CartUiProvider({ children }: { children: ReactNode }) {
  const [panelOpen, setPanelOpen] = useState(false);
  const [docked, setDocked] = useState(true);
  // The popup belongs to the page it was opened on: a navigation (a redirect after the details,
  // the login) closes it even before this provider's effects run.
  const [captureOn, setCaptureOn] = useState<{ pending: Pending; pathname: string } | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeAsk | null>(null);
  const [answered, setAnswered] = useState<CartUi['answered']>(null);
  const loaded = useRouteLoaderData<RootData>('root')?.cart ?? EMPTY_CART_PAGE;
  const answer = useCallback((cart: AbandonedCart) => setAnswered({ base: loaded, cart }), [loaded]);
  const { pathname } = useLocation();
  const capture = captureOn?.pathname === pathname ? captureOn.pending : null;
  const setCapture = useCallback(
    (pending: Pending | null) => setCaptureOn(pending ? { pending, pathname } : null),
    [pathname],
  );
  // A navigation closes the drawer (on wide windows the panel is docked by CSS on cart routes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change by design
  useEffect(() => {
    setPanelOpen(false);
    setDocked(true);
    setCaptureOn(null);
  }, [pathname]);
  const value = useMemo(
    () => ({
      panelOpen,
      setPanelOpen,
      docked,
      setDocked,
      capture,
      setCapture,
      upgrade,
      setUpgrade,
      answered,
      answer,
    }),
    [panelOpen, docked, capture, setCapture, upgrade, answered, answer],
  );
  return <CartUiContext.Provider value={value}>{children}</CartUiContext.Provider>;
}

export function useCartUi(): CartUi {
  const context = useContext(CartUiContext);
  if (!context) throw new Error('Cart components must be rendered inside <CartUiProvider>.');
  return context;
}

/**
 * A fetcher for one kind of change (`key`: per sku, so a newer change of a product replaces the one
 * in flight: the last click wins). Its outcome opens the capture popup, asks for a bigger plan, or
 * says what went wrong: a refusal's message, else its first field error, as the cart's error toast
 * (one flash notification, not a list). A form with fields of its own (`fieldErrorsInForm`: the
 * capture and promo forms) shows its field errors beside them.
 */
export function useCartFetcher(key: string, { fieldErrorsInForm = false } = {}) {
  const fetcher = useFetcher<CartActionData>({ key });
  const ui = useCartUi();
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  // Before paint: the saved quantity replaces the optimistic one without showing the old one.
  useIsomorphicLayoutEffect(() => {
    if (outcome?.cart) ui.answer(outcome.cart);
  }, [outcome]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each outcome is handled once
  useEffect(() => {
    if (!outcome) return;
    if (outcome.capture) ui.setCapture(outcome.capture);
    else if (outcome.upgrade) {
      ui.setUpgrade(outcome.upgrade);
      ui.setPanelOpen(true);
    } else if (!outcome.ok) {
      const message = refusalToast(outcome, { fieldErrorsInForm });
      if (message) showFlash({ type: 'error', message, duration: CART_ADD_ERROR_DURATION });
    } else if (outcome.notice) showFlash({ type: 'success', message: outcome.notice });
  }, [outcome]);
  return fetcher;
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** A media query as state: false on the server and during hydration, then live. */
export function useWideWindow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(WIDE_QUERY);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(WIDE_QUERY).matches ?? false,
    () => false,
  );
}

const WIDE_QUERY = '(min-width: 1024px)';

/** The quantity to show for a sku: the one being sent while a change is in flight (optimistic). */
export function useOptimisticQuantity(sku: string, saved: number): number {
  const fetchers = useFetchers();
  const sending = fetchers.find(
    (fetcher) =>
      fetcher.key === `cart-item-${sku}` &&
      fetcher.formData?.get('intent') === 'set-item' &&
      fetcher.state !== 'idle',
  );
  if (!sending?.formData) return saved;
  const quantity = Number(sending.formData.get('quantity'));
  return Number.isFinite(quantity) ? quantity : saved;
}

/** True while any cart change is in flight (the panel is then aria-busy). */
export function useCartBusy(): boolean {
  return useFetchers().some((fetcher) => fetcher.state !== 'idle' && fetcher.key.startsWith('cart-'));
}
