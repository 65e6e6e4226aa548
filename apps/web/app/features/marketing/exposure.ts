import { endpointPaths } from '@sprout/contracts';
import { pushDataLayer } from './data-layer';

/**
 * An experiment's exposure: stored by the API (first one kept) and pushed to the data layer, so the
 * analysis counts only visitors who saw their variant. Loaded when a variant is first shown.
 */
export function recordExposure(input: {
  experimentCode: string;
  variant: string;
  cartId: string | undefined;
  visitorId: string | undefined;
}): Promise<void> {
  pushDataLayer({
    event: 'experimentExposure',
    experimentCode: input.experimentCode,
    variant: input.variant,
  });
  return fetch(endpointPaths.experimentExposure, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      experiment_code: input.experimentCode,
      ...(input.cartId ? { abandoned_cart_id: input.cartId } : {}),
      ...(input.visitorId ? { visitor_id: input.visitorId } : {}),
    }),
  }).then(
    () => undefined,
    () => undefined,
  );
}
