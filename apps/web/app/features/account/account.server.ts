import type { DeliveriesResponse, Delivery, Me } from '@sprout/contracts';
import { redirect, redirectDocument } from 'react-router';
import type { ServerApiClient } from '../../lib/api-client.server';
import { ApiError } from '../../lib/api-client.server';
import type { SiteSettings } from '../../lib/context';
import { LOGIN_PATH } from '../auth/login-routing';
import { loginPathFor } from '../auth/return-path';

/** The signed-in customer as the account site shows them (GET /api/me?include=address). */
export type AccountCustomer = Me;

type Context = { api: ServerApiClient; site: SiteSettings };

/**
 * The account site's guard, run by its layout's loader and by every action: an anonymous visitor
 * gets an HTTP redirect to the login, which brings them back to this page; an admin who is not
 * acting as a customer goes to the admin site (an admin's own account has no boxes, and support
 * work happens there). An admin impersonating a customer has a session of that customer, so they
 * see the customer's account as the customer does.
 */
export async function requireCustomer(request: Request, context: Context): Promise<AccountCustomer> {
  const answer = await context.api.request<{ data: AccountCustomer }>('GET', '/api/me', {
    query: { include: 'address' },
  });
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
  const answer = await api.get<DeliveriesResponse>('/api/me/deliveries');
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
