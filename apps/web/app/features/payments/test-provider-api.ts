import {
  isCardSetupId,
  TEST_PROVIDER_PREFIX,
  type TestAuthenticateBody,
  type TestPaymentIntent,
  type TestPaymentMethod,
  type TestPaymentMethodBody,
} from '@sprout/contracts';
import type { ApiClient, ApiResult } from '../../lib/api';
import { browserApiClient } from '../../lib/api.client';

/**
 * The embedded test provider's browser API (what Stripe.js is to Stripe): same-origin fetch with
 * JSON. The card number goes only here, never to /api.
 */
export function testProviderApi(client?: ApiClient) {
  // Made on first use, in the browser: the card form also renders on the server, where the
  // browser-only client module does not exist.
  let browserClient = client;
  const api = () => (browserClient ??= browserApiClient());
  return {
    createPaymentMethod: (card: TestPaymentMethodBody): Promise<ApiResult<TestPaymentMethod>> =>
      api().request('POST', `${TEST_PROVIDER_PREFIX}/payment-methods`, { body: card }),
    /** The bank's step for a payment, or for a card setup (a $0 first box): the id says which, as Stripe.js's client secret does. */
    authenticate: (intentId: string, body: TestAuthenticateBody): Promise<ApiResult<TestPaymentIntent>> =>
      api().request(
        'POST',
        `${TEST_PROVIDER_PREFIX}/${isCardSetupId(intentId) ? 'setup-intents' : 'payment-intents'}/${encodeURIComponent(intentId)}/authenticate`,
        { body },
      ),
  };
}

export type TestProviderApi = ReturnType<typeof testProviderApi>;
