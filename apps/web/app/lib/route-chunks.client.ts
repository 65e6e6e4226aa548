import { type ClientInstrumentation, type DataRouteObject, matchRoutes } from 'react-router';
import { claimReload } from './reload-guard';

/**
 * A failed chunk load reloads the route target (decision 043). Left to itself, React Router reloads
 * the page the visitor is on when a route's code fails to load during a navigation (a deploy
 * replaced the files, the network dropped): the click is lost. Here a navigation first loads the
 * code of the routes it goes to (only those not loaded yet: usually none, or what the link's
 * preload fetched, features/marketing/tracker.ts); when that fails, the browser loads the target
 * address itself, and the server renders it. If that same address failed within the reload guard's
 * 10 seconds (claimReload), the error page shows instead: no reload loop. docs/decisions/043.
 */

/** React Router's framework globals (set by the server's document and by HydratedRouter). */
type FrameworkGlobals = {
  __reactRouterDataRouter?: { routes: DataRouteObject[] };
  __reactRouterManifest?: { routes: Record<string, { module?: string } | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
};

type RouteModule = { default?: unknown } | undefined;

const framework = () => window as unknown as FrameworkGlobals;

/** The not yet loaded modules of the routes `pathname` matches (none when its routes are not known yet). */
function missingModules(pathname: string): { id: string; url: string }[] {
  const { __reactRouterDataRouter: router, __reactRouterManifest: manifest } = framework();
  const loaded = framework().__reactRouterRouteModules ?? {};
  if (!router) return [];
  return (matchRoutes(router.routes, pathname) ?? []).flatMap(({ route }) => {
    const url = manifest?.routes[route.id]?.module;
    // A route that could not load before is tried again (its stand-in below stays otherwise).
    const missing =
      !(route.id in loaded) || (loaded[route.id] as RouteModule)?.default === RouteCodeUnavailable;
    return url && missing ? [{ id: route.id, url }] : [];
  });
}

/** True when the target may be loaded again (false within the guard, or without session storage). */
function mayReload(target: string): boolean {
  try {
    return claimReload(target, Date.now(), window.sessionStorage);
  } catch {
    return false;
  }
}

function RouteCodeUnavailable(): never {
  throw new Error('The code of this page could not be loaded.');
}

export const routeChunkReload: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(callNavigate, { to, formMethod }) {
        // History moves (numbers) reload the address they reach already; a form's post is the
        // framework's to send (a reload would lose its body).
        if (typeof to !== 'string' || (formMethod && formMethod.toUpperCase() !== 'GET')) {
          await callNavigate();
          return;
        }
        const target = new URL(to, window.location.href);
        const missing = target.origin === window.location.origin ? missingModules(target.pathname) : [];
        const loads = await Promise.allSettled(missing.map(({ url }) => import(/* @vite-ignore */ url)));
        const modules = framework().__reactRouterRouteModules ?? {};
        const failed = missing.filter((_, index) => loads[index]?.status === 'rejected');
        missing.forEach(({ id }, index) => {
          const load = loads[index];
          if (load?.status === 'fulfilled') modules[id] = load.value;
        });
        if (failed.length > 0) {
          const address = `${target.pathname}${target.search}${target.hash}`;
          if (mayReload(address)) {
            window.location.assign(address);
            // The page is going away: this navigation never ends.
            await new Promise(() => undefined);
          }
          // The error page: a route whose code could not load renders as a page that fails.
          for (const { id } of failed) modules[id] = { default: RouteCodeUnavailable };
        }
        await callNavigate();
      },
    });
  },
};
