import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Navigate,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { AppShell } from './features/cart/AppShell';
import { CartProvider } from './features/cart/CartProvider';
import { DemoRibbon } from './features/layout/DemoRibbon';
import { ErrorScreen } from './features/layout/ErrorScreen';
import { MAINTENANCE_PATH, type SiteSettings } from './lib/context';
import { useNonce } from './lib/nonce';
import { canonicalUrl, pageTitle, titleFromPath } from './lib/seo';
import './styles/app.css';
import './styles/cart.css';
import './styles/promotions.css';

export type RootData = {
  site: SiteSettings;
  menus: { slug: string; name: string }[];
  /** Decided on the server so the footer hydrates with the same year around New Year. */
  year: number;
};

type MenuNavResponse = { data: { slug: string; name: string }[] };

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { pathname } = new URL(request.url);
  if (__MAINTENANCE_MODE__ && pathname !== MAINTENANCE_PATH) throw redirect(MAINTENANCE_PATH);
  const menus = await context.api.get<MenuNavResponse>('/api/product-menu-items');
  return {
    site: context.site,
    menus: menus.data.map(({ slug, name }) => ({ slug, name })),
    year: new Date().getUTCFullYear(),
  };
}

// The navigation and site settings do not change between pages.
export function shouldRevalidate() {
  return false;
}

export type RouteHandle = { title?: string };

/** The deepest route that names a title (in its loader data or handle) wins; else the path does. */
function useDocumentTitle(): string {
  const matches = useMatches();
  const location = useLocation();
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
  const title = useDocumentTitle();
  const isBlog = location.pathname.startsWith('/blog');
  const nonce = useNonce();
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6b4f" />
        <title>{pageTitle(title, siteName)}</title>
        {root ? <link rel="canonical" href={canonicalUrl(root.site.url, location.pathname)} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className={isBlog ? 'legacy-body' : undefined}>
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
  return (
    <CartProvider>
      <AppShell>
        <Outlet />
      </AppShell>
    </CartProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorScreen status={404} title="Page Not Found" detail={`Page Not Found: ${location.pathname}`} />
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
