import { endpoints } from '@sprout/contracts';
import { redirectDocument } from 'react-router';
import type { ServerApiClient as ApiClient } from './api-client.server';

type RouteAccessResponse = {
  data: { allowed: boolean; redirect: string | null; external: boolean };
};

export type RouteAccess = RouteAccessResponse['data'];

/** Asks the API whether this visitor may open the path (GET /api/route-access). */
export async function lookupRouteAccess(api: ApiClient, path: string): Promise<RouteAccess> {
  const response = await api.read(endpoints.access.routeAccess, { query: { path } });
  return response.data;
}

/**
 * The server-side guard for a loader: when the lookup refuses the page, throws an HTTP redirect
 * (during server rendering, so guarded content never flashes). External redirects are absolute URLs
 * and leave the site as they are; internal ones stay on this origin. Only the loaders of paths the
 * rule set guards call it; the open pages skip the lookup, whose answer for them is always
 * "allowed" (docs/decisions/047): a new rule comes with its route's call.
 */
export async function guardRoute({
  request,
  context,
}: {
  request: Request;
  context: { api: ApiClient };
}): Promise<void> {
  const url = new URL(request.url);
  const access = await lookupRouteAccess(context.api, url.pathname);
  if (access.allowed) return;
  const target = access.redirect ?? '/';
  // A document redirect: the account and admin sites are other apps even on this origin, so a
  // client-side navigation (whose loader threw this) must load them as a page, not as a route here.
  if (access.external) throw redirectDocument(target);
  // An internal answer must stay on this origin (never a protocol-relative //host).
  const internal = target.startsWith('/') && !target.startsWith('//') ? target : '/';
  throw redirectDocument(internal);
}
