import type { Delivery, Me } from '@sprout/contracts';
import { type EndpointDeclaration, type EndpointResponse, endpoints } from '@sprout/contracts';
import { data, redirect, redirectDocument } from 'react-router';
import type { ApiResult, CallArguments } from '../../lib/api';
import type { ServerApiClient } from '../../lib/api-client.server';
import { ApiError, isApiError } from '../../lib/api-client.server';
import type { SiteSettings } from '../../lib/context';
import { LOGIN_PATH } from '../auth/login-routing';
import { loginPathFor } from '../auth/return-path';

/** The signed-in customer as the account site shows them (GET /api/me; the address only when asked). */
export type AccountCustomer = Me;

type Context = { api: ServerApiClient; site: SiteSettings };
type MeAnswer = ApiResult<{ data: AccountCustomer }>;

/**
 * One page request's reads of the customer, by what they include. The layout's loader and the
 * page's loader run side by side for one document (or one data request) and both guard: without
 * this each asked GET /api/me, and the API read the session and the subscription twice. Keyed by
 * the request's API client, which the server makes per request, so nothing outlives the request.
 * Only GET requests share: an action reads the customer fresh, and the loaders that revalidate
 * after it run under a GET request of their own and read the state the action left.
 */
const customerReads = new WeakMap<ServerApiClient, Map<string, Promise<MeAnswer>>>();

function readCustomer(request: Request, api: ServerApiClient, address: boolean): Promise<MeAnswer> {
  const read = () =>
    api.call(endpoints.account.me, { ...(address ? { query: { include: 'address' } } : {}) });
  if (request.method !== 'GET') return read();
  let reads = customerReads.get(api);
  if (!reads) {
    reads = new Map();
    customerReads.set(api, reads);
  }
  const key = address ? 'address' : '';
  let answer = reads.get(key);
  if (!answer) {
    answer = read();
    reads.set(key, answer);
  }
  return answer;
}

/**
 * The account site's guard, run by its layout's loader and by every action: an anonymous visitor
 * gets an HTTP redirect to the login, which brings them back to this page; an admin who is not
 * acting as a customer goes to the admin site (an admin's own account has no boxes, and support
 * work happens there). An admin impersonating a customer has a session of that customer, so they
 * see the customer's account as the customer does. `address`: only the plan page shows anything
 * of it (the zip's delivery days), so only it pays for the read.
 */
export async function requireCustomer(
  request: Request,
  context: Context,
  options: { address?: boolean } = {},
): Promise<AccountCustomer> {
  const answer = await readCustomer(request, context.api, options.address === true);
  if (answer.kind === 'error' && answer.error.status === 401) {
    const url = new URL(request.url);
    // A form posted without a session goes back to its page, not to the action's answer.
    const back = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname;
    throw redirect(loginPathFor(LOGIN_PATH, back));
  }
  if (answer.kind !== 'ok') {
    const status = answer.kind === 'error' ? (answer.error.status ?? 502) : 499;
    throw new ApiError(status, answer.kind === 'error' ? { message: answer.error.message } : {});
  }
  const customer = answer.data.data;
  // The admin site is another app, even on this origin: a document redirect.
  if (customer.is_admin) throw redirectDocument(context.site.adminUrl);
  return customer;
}

/** The upcoming boxes, soonest first (GET /api/me/deliveries). */
export async function readDeliveries(api: ServerApiClient): Promise<Delivery[]> {
  const answer = await readMine(api, endpoints.deliveries.list);
  return answer.data;
}

/**
 * The next box not yet delivered (the list starts today): what the overview shows first. A paid
 * box counts (a new customer's first box is `charged` at checkout, every renewal at its cutoff):
 * it is the box that arrives next. Only a canceled box never comes.
 */
export function nextBox(deliveries: Delivery[]): Delivery | null {
  return deliveries.find((delivery) => delivery.status !== 'canceled') ?? null;
}

/** The next box the customer can still edit, skip or bring back (before its cutoff). */
export function nextChangeableBox(deliveries: Delivery[]): Delivery | null {
  return deliveries.find((delivery) => delivery.editable || delivery.can_unskip) ?? null;
}

/** The next box a plan change reaches (one not yet charged or canceled): the plan page's "now". */
export function nextUnchargedBox(deliveries: Delivery[]): Delivery | null {
  return deliveries.find((delivery) => ['scheduled', 'skipped', 'locked'].includes(delivery.status)) ?? null;
}

/** The next box that can still change: where a signed-in customer's Add on the menus goes. */
export function nextEditableBox(deliveries: Delivery[]): Delivery | null {
  return deliveries.find((delivery) => delivery.editable) ?? null;
}

/**
 * A read of the customer's own data a page cannot do without (GET /api/me/…): the API's 404 (no
 * such thing) and 403 (another customer's) are the account site's 404 page, never its 500, and
 * the 403 says no more than the 404 does (decision 040). Anything else surfaces as it did.
 */
export async function readMine<E extends EndpointDeclaration>(
  api: ServerApiClient,
  endpoint: E,
  ...input: CallArguments<E>
): Promise<EndpointResponse<E>> {
  try {
    return await api.read(endpoint, ...input);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403))
      throw data(null, { status: 404 });
    throw error;
  }
}
