import {
  TEST_PROVIDER_PREFIX,
  type TestAuthenticateBody,
  type TestPaymentIntent,
  type TestPaymentMethod,
  type TestPaymentMethodBody,
} from '@sprout/contracts';
import { type ApiClient, type ApiResult, createApiClient } from '../../lib/api.client';

/**
 * The embedded test provider's browser API (what Stripe.js is to Stripe): same-origin fetch with
 * JSON. The card number goes only here, never to /api.
 */
export function testProviderApi(client: ApiClient = createApiClient()) {
  return {
    createPaymentMethod: (card: TestPaymentMethodBody): Promise<ApiResult<TestPaymentMethod>> =>
      client.request('POST', `${TEST_PROVIDER_PREFIX}/payment-methods`, { body: card }),
    authenticate: (
      paymentIntentId: string,
      body: TestAuthenticateBody,
    ): Promise<ApiResult<TestPaymentIntent>> =>
      client.request(
        'POST',
        `${TEST_PROVIDER_PREFIX}/payment-intents/${encodeURIComponent(paymentIntentId)}/authenticate`,
        { body },
      ),
  };
}

export type TestProviderApi = ReturnType<typeof testProviderApi>;
