import {
  RATE_LIMITED_STATUS,
  RATE_LIMITED_TITLE,
  rateLimitedMessage,
  UNAVAILABLE_MESSAGE,
} from '@sprout/contracts';
import type { ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Navigate,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { AppShell } from './features/cart/AppShell';
import { type CartPageData, loadCartPage } from './features/cart/cart-page.server';
import { answeredCart, CartUiProvider, EMPTY_CART_PAGE } from './features/cart/useCart';
import { ActingAsBar } from './features/layout/ActingAsBar';
import { actingAs } from './features/layout/acting-as.server';
import { DemoRibbon } from './features/layout/DemoRibbon';
import { ErrorScreen } from './features/layout/ErrorScreen';
import { LiveRegion } from './features/layout/LiveRegion';
import { RouteFocus } from './features/layout/RouteFocus';
import { StylesheetPreloads } from './features/layout/StylesheetPreloads';
import { type ExperimentsData, loadExperiments } from './features/marketing/experiments.server';
import { GtmScript } from './features/marketing/GtmScript';
import { gtmBootstrap } from './features/marketing/gtm.server';
import { MarketingBridge } from './features/marketing/MarketingBridge';
import { mediaVersion } from './features/media/media-version.server';
import { SeoHead } from './features/seo/SeoHead';
import { MAINTENANCE_PATH, type SiteSettings } from './lib/context';
import { useNonce } from './lib/nonce';
import { errorPageTitle, pageTitle, titleFromPath } from './lib/seo';
import './styles/app.css';
import './styles/cart.css';
import './styles/promotions.css';

export type RootData = {
  site: SiteSettings;
  menus: { slug: string; name: string }[];
  /** Decided on the server so the footer hydrates with the same year around New Year. */
  year: number;
  /** The rendered pictures' version: /media addresses carry it so they can be cached for a year. */
  mediaVersion: string | null;
  /** The visitor's cart, read by its cookie: what the header, the panel and checkout show. */
  cart: CartPageData;
  /** The customer an admin is acting as (the impersonation cookie is set), else null. */
  actingAs: string | null;
  /** The visitor's experiments, assigned as the app starts (decision 026). */
  experiments?: ExperimentsData;
  /** The tag manager's loader when GTM_ID is set (decision 026). */
  gtmScript?: string | null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (__MAINTENANCE_MODE__ && pathname !== MAINTENANCE_PATH) throw redirect(MAINTENANCE_PATH);
  // The maintenance page knows no cart.
  const [menus, cart, actingAsEmail] = await Promise.all([
    // From the catalogue cache, called directly (decision 028): no HTTP emulation per page.
    context.catalogue.menus({}),
    __MAINTENANCE_MODE__ ? null : loadCartPage(request, context.api, context.site),
    __MAINTENANCE_MODE__ ? null : actingAs(request, context.api),
  ]);
  // Step 2 of the app start, after the cart: the experiments (by customer, cart or browser).
  const experiments = cart
    ? await loadExperiments(request, context.api, context.experiments, cart.page.cart?.id ?? null)
    : null;
  if (cart && experiments?.setCookie) cart.headers.append('set-cookie', experiments.setCookie);
  const marketing = context.site.marketing;
  const root: RootData = {
    site: context.site,
    menus: menus.data.map(({ slug, name }) => ({ slug, name })),
    year: new Date().getUTCFullYear(),
    mediaVersion: mediaVersion(),
    cart: cart?.page ?? EMPTY_CART_PAGE,
    actingAs: actingAsEmail,
    ...(experiments ? { experiments: experiments.data } : {}),
    gtmScript: marketing ? gtmBootstrap(marketing.gtmId, marketing.dataLayerName, context.cspNonce) : null,
  };
  return data(root, cart ? { headers: cart.headers } : undefined);
}

/**
 * The cart changes through actions (which revalidate) and by signing in or paying (which lead to
 * another page); filters and pages of the same screen leave it as it is. A change that answered
 * the priced cart is rendered from that answer, not read again (decision 052).
 */
export function shouldRevalidate({
  formMethod,
  actionResult,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && answeredCart(actionResult)) return false;
  if (formMethod) return defaultShouldRevalidate;
  // The same address again: a revalidate() after Pay saved the cart, or a reload of the page.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return (
    currentUrl.pathname !== nextUrl.pathname ||
    /[?&](email|zip|plan|skus|referral_id|pc)=/.test(nextUrl.search)
  );
}

export type RouteHandle = { title?: string };

/**
 * An error page is titled by its status (a 404 is "Page not found", not its path's last segment);
 * otherwise the deepest route that names a title (in its loader data or handle) wins; else the path does.
 */
function useDocumentTitle(error: unknown): string {
  const matches = useMatches();
  const location = useLocation();
  if (error !== undefined && error !== null) {
    return errorPageTitle(isRouteErrorResponse(error) ? error.status : 500);
  }
  for (const match of [...matches].reverse()) {
    const fromData = (match.loaderData as { title?: unknown } | undefined)?.title;
    if (typeof fromData === 'string') return fromData;
    const fromHandle = (match.handle as RouteHandle | undefined)?.title;
    if (typeof fromHandle === 'string') return fromHandle;
  }
  return titleFromPath(location.pathname);
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const location = useLocation();
  const siteName = root?.site.name ?? 'Sprout & Spoon';
  const isBlog = location.pathname.startsWith('/blog');
  const nonce = useNonce();
  // Set while the error boundary renders (404, 500): such a page has no canonical address.
  const error = useRouteError();
  const title = useDocumentTitle(error);
  const fullTitle = pageTitle(title, siteName);
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6b4f" />
        <title>{fullTitle}</title>
        {root ? (
          <SeoHead
            siteUrl={root.site.url}
            siteName={siteName}
            pathname={location.pathname}
            title={fullTitle}
            isError={error !== undefined && error !== null}
            nonce={nonce}
          />
        ) : null}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="alternate" type="application/rss+xml" title={`${siteName} blog`} href="/blog/rss.xml" />
        <Meta />
        <StylesheetPreloads />
        <Links />
        {root?.gtmScript ? <GtmScript script={root.gtmScript} nonce={nonce} /> : null}
      </head>
      <body className={isBlog ? 'legacy-body' : undefined}>
        {root?.actingAs ? <ActingAsBar email={root.actingAs} /> : null}
        {root?.site.demo ? <DemoRibbon /> : null}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  // Client-side navigations never reach the server loader, so the flag is checked here too.
  if (__MAINTENANCE_MODE__ && location.pathname !== MAINTENANCE_PATH)
    return <Navigate to={MAINTENANCE_PATH} replace />;
  // The maintenance page is all there is: no cart to restore or create.
  if (__MAINTENANCE_MODE__) return <Outlet />;
  // The live region sits outside the shell, which modals make inert: announcements still speak.
  return (
    <>
      <CartUiProvider>
        <AppShell>
          <Outlet />
        </AppShell>
      </CartUiProvider>
      <LiveRegion />
      <RouteFocus />
      <MarketingBridge />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorScreen status={404} title="Page Not Found" detail={`Page Not Found: ${location.pathname}`} />
    );
  }
  // The store cannot reach its database right now (the API's 503, docs/decisions/034): it passes.
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <ErrorScreen status={503} title="Service Unavailable" detail={UNAVAILABLE_MESSAGE} />;
  }
  // A limit refused the page's call (lib/api-client.server.ts rateLimitedPage): its message says
  // what happened and when to try again; nothing failed on the server.
  if (isRouteErrorResponse(error) && error.status === RATE_LIMITED_STATUS) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return (
      <ErrorScreen
        status={RATE_LIMITED_STATUS}
        title={RATE_LIMITED_TITLE}
        detail={typeof message === 'string' ? message : rateLimitedMessage(null)}
      />
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <ErrorScreen
      status={500}
      title="Internal Server Error"
      detail="Sorry, something went wrong. An error has occurred on the server"
    />
  );
}
