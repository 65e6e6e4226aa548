import { type ExperimentAssignment, VISITOR_COOKIE } from '@sprout/contracts';
import type { ServerApiClient } from '../../lib/api-client.server';
import { isCartId } from '../cart/storage';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export type ExperimentsData = {
  /** The running experiments' variants of this visitor (spec section 4, app start step 2). */
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
 * has a control to fall back on.
 */
export async function loadExperiments(
  request: Request,
  api: ServerApiClient,
  cartId: string | null,
): Promise<{ data: ExperimentsData; setCookie: string | null }> {
  const known = readVisitorId(request.headers.get('cookie'));
  const visitorId = known ?? crypto.randomUUID();
  const secure = new URL(request.url).protocol === 'https:';
  const setCookie = known
    ? null
    : `${VISITOR_COOKIE}=${visitorId}; Path=/; SameSite=Lax; HttpOnly; Max-Age=${YEAR_SECONDS}${secure ? '; Secure' : ''}`;
  const answer = await api.request<{ data: ExperimentAssignment[] }>('GET', '/api/experiments', {
    query: { visitor_id: visitorId, ...(cartId ? { abandoned_cart_id: cartId } : {}) },
  });
  return { data: { experiments: answer.kind === 'ok' ? answer.data.data : [], visitorId }, setCookie };
}
