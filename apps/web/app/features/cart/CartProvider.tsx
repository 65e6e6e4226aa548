import type { Pixel } from '@sprout/contracts';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { type ApiClient, createApiClient } from '../../lib/api.client';
import { showFlash } from '../flash/flash';
import { browserCookieJar } from '../promotions/cookies';
import { runAppStart } from './app-start';
import { createCartApi } from './cart-api';
import { ApiFailureError, type CartController, createCartController } from './controller';
import { type AppState, type CartStore, createCartStore, initialState } from './state';
import { browserCartStorage } from './storage';

type CartContextValue = { store: CartStore; controller: CartController };

const CartContext = createContext<CartContextValue | null>(null);

/** Screens where the cart panel opens by itself on wide windows (spec section 2). */
export function isCartRoute(pathname: string): boolean {
  return /^\/menus(\/|$)/.test(pathname) || /^\/onboarding\/checkout\/?$/.test(pathname);
}

export const DESKTOP_QUERY = '(min-width: 1024px)';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Ad pixels from cart answers go to the data layer with their event id, for de-duplication. */
function trackPixels(pixels: Pixel[]) {
  if (pixels.length === 0) return;
  window.dataLayer ??= [];
  for (const pixel of pixels) {
    window.dataLayer.push({ event: pixel.name, event_id: pixel.event_id, value: pixel.value });
  }
}

function useBrowserController(): CartContextValue {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Actions outlive renders: they call the latest navigate and revalidate through refs.
  const navigateRef = useRef(navigate);
  const revalidateRef = useRef(revalidator.revalidate);
  navigateRef.current = navigate;
  revalidateRef.current = revalidator.revalidate;

  const [value] = useState<CartContextValue>(() => {
    const store = createCartStore();
    // api.client.ts is browser-only (React Router leaves `.client` modules out of the server build):
    // the client is made on the first call, which only ever happens in the browser.
    let client: ApiClient | null = null;
    const lazyClient: ApiClient = {
      request: (method, path, options) => {
        client ??= createApiClient();
        return client.request(method, path, options);
      },
    };
    const controller = createCartController({
      api: createCartApi(lazyClient),
      store,
      storage: browserCartStorage(),
      navigate: (to, options) => {
        void navigateRef.current(to, options);
      },
      flash: showFlash,
      location: () => window.location,
      revalidate: () => {
        void revalidateRef.current();
      },
      track: trackPixels,
    });
    return { store, controller };
  });
  return value;
}

/** Holds the onboarding and cart state, runs the app start once after hydration. */
export function CartProvider({ children, value: given }: { children: ReactNode; value?: CartContextValue }) {
  const browser = useBrowserController();
  const value = given ?? browser;
  const { controller, store } = value;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const location = useLocation();

  useEffect(() => {
    if (given) return;
    const { pathname, search, hash } = window.location;
    void controller.setStart(() =>
      runAppStart(
        {
          actions: controller.actions,
          store,
          location: { pathname, search, hash },
          navigate: (to, options) => {
            void navigateRef.current(to, options);
          },
          cookies: browserCookieJar(),
          flash: showFlash,
        },
        {
          onError: (_step, error) => {
            if (error instanceof ApiFailureError) showFlash({ type: 'error', message: error.message });
            else console.error(error);
          },
        },
      ),
    );
  }, [controller, store, given]);

  // Menus and checkout open the panel on wide windows; on narrow ones a navigation closes the drawer.
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const wide = window.matchMedia?.(DESKTOP_QUERY).matches ?? false;
    const entering = isCartRoute(location.pathname) && !isCartRoute(previousPath.current ?? '');
    if (wide && entering) controller.openCart();
    else if (!wide && previousPath.current !== null && previousPath.current !== location.pathname)
      controller.closeCart();
    previousPath.current = location.pathname;
  }, [location.pathname, controller]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

function useCartContext(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('Cart components must be rendered inside <CartProvider>.');
  return context;
}

export function useCartController(): CartController {
  return useCartContext().controller;
}

/** The whole state; it changes identity only when something changed. Server rendering sees the initial state. */
export function useCartState(): AppState {
  const { store } = useCartContext();
  return useSyncExternalStore(store.subscribe, store.getState, () => initialState);
}

/** A media query as state, false on the server and during hydration. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
