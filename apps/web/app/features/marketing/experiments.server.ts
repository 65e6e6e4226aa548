import {
  ABANDONED_CART_COOKIE,
  type ExperimentAssignment,
  endpoints,
  experimentsQuery,
  SESSION_COOKIE,
  VISITOR_COOKIE,
} from '@sprout/contracts';
import type { ServerApiClient } from '../../lib/api-client.server';
import type { VisitorExperimentsReader } from '../../lib/context';
import { isCartId } from '../cart/storage';
import { readCookie } from '../promotions/cookies';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export type ExperimentsData = {
  /** The running experiments' variants of this visitor, assigned as the app starts (decision 026). */
  experiments: ExperimentAssignment[];
  /** The browser's id for experiments before it has a cart (exposures name it). */
  visitorId: string;
};

function readVisitorId(header: string | null): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === VISITOR_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isCartId(value) ? value : null;
    }
  }
  return null;
}

/**
 * App start step 2, after the cart (step 1): the visitor's experiments, by customer, cart or browser
 * (decision 026). A browser without an id gets one (a first-party cookie), so the capture popup's
 * experiment has a unit before any cart exists. A failure answers no experiments: every variant
 * has a control to fall back on. A browser with neither session nor cart is asked in process
 * (`local`, the API's own reader) rather than through an emulated HTTP request (decision 030).
 */
export async function loadExperiments(
  request: Request,
  api: ServerApiClient,
  local: VisitorExperimentsReader | null,
  cartId: string | null,
): Promise<{ data: ExperimentsData; setCookie: string | null }> {
  const known = readVisitorId(request.headers.get('cookie'));
  const visitorId = known ?? crypto.randomUUID();
  const secure = new URL(request.url).protocol === 'https:';
  const setCookie = known
    ? null
    : `${VISITOR_COOKIE}=${visitorId}; Path=/; SameSite=Lax; HttpOnly; Max-Age=${YEAR_SECONDS}${secure ? '; Secure' : ''}`;
  const data = (experiments: ExperimentAssignment[]) => ({ data: { experiments, visitorId }, setCookie });
  const header = request.headers.get('cookie');
  // A browser with no session and no cart is known by its visitor id alone: asked in process.
  if (local && !cartId && !readCookie(header, SESSION_COOKIE) && !readCookie(header, ABANDONED_CART_COOKIE)) {
    if (!experimentsQuery.safeParse({ visitor_id: visitorId }).success) return data([]);
    try {
      return data(await local.forVisitor(visitorId, { newVisitor: known === null }));
    } catch (error) {
      console.error(error);
      return data([]);
    }
  }
  const answer = await api.call(endpoints.marketing.experiments, {
    query: { visitor_id: visitorId, ...(cartId ? { abandoned_cart_id: cartId } : {}) },
  });
  return data(answer.kind === 'ok' ? answer.data.data : []);
}
