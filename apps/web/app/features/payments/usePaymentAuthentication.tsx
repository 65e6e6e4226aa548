import type { PaymentConfig } from '@sprout/contracts';
import type { Stripe } from '@stripe/stripe-js';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import type { PaymentFieldsHandle } from './payment-fields-handle';
import { STRIPE_UNAVAILABLE_MESSAGE, stripeNextAction } from './StripePaymentFields';
import { useTestBankChallenge } from './TestBankDialog';
import { testProviderApi } from './test-provider-api';

/**
 * The bank's 3-D Secure step alone, with no card fields: a renewal the bank asked its customer to
 * confirm is paid with the card already saved (decision 041). The same step checkout runs: the test
 * bank's dialog, or Stripe.js's `handleNextAction` (loaded lazily, only for Stripe). Render `dialog`.
 */
export function usePaymentAuthentication(config: PaymentConfig): {
  handleNextAction: PaymentFieldsHandle['handleNextAction'];
  dialog: ReactNode;
} {
  const api = useMemo(() => testProviderApi(), []);
  const bank = useTestBankChallenge(api);
  const stripeRef = useRef<Promise<Stripe | null> | null>(null);

  const handleNextAction = useCallback<PaymentFieldsHandle['handleNextAction']>(
    async (input) => {
      if (config.provider !== 'stripe') return bank.handleNextAction(input);
      try {
        stripeRef.current ??= import('@stripe/stripe-js').then(({ loadStripe }) =>
          loadStripe(config.publishable_key ?? ''),
        );
        const stripe = await stripeRef.current;
        if (!stripe) return { error: STRIPE_UNAVAILABLE_MESSAGE };
        return await stripeNextAction(stripe, input.clientSecret);
      } catch {
        stripeRef.current = null;
        return { error: STRIPE_UNAVAILABLE_MESSAGE };
      }
    },
    [config, bank.handleNextAction],
  );
  return { handleNextAction, dialog: bank.dialog };
}
