import type { PaymentConfig } from '@sprout/contracts';
import type { Ref } from 'react';
import type { PaymentFieldsHandle } from './payment-fields-handle';
import { StripePaymentFields } from './StripePaymentFields';
import { TestCardFields } from './TestCardFields';
import './payments.css';

export type { PaymentFieldsHandle } from './payment-fields-handle';

/**
 * The card fields of whichever provider the server is configured with (GET
 * /api/sales/checkout/payment-config). Checkout drives them through the handle: create a payment
 * method before completing, and run the extra step (3-D Secure) when the server asks for it.
 */
export function PaymentFields({
  config,
  amountCents,
  disabled,
  ref,
}: {
  config: PaymentConfig;
  /** The total shown, for Stripe's Payment Element (wallets show it); not what a bank confirms. */
  amountCents: number;
  disabled?: boolean;
  ref?: Ref<PaymentFieldsHandle>;
}) {
  if (config.provider === 'stripe') {
    return (
      <StripePaymentFields
        ref={ref}
        publishableKey={config.publishable_key}
        amountCents={amountCents}
        disabled={disabled}
      />
    );
  }
  // The test bank's dialog shows the payment intent's own amount (handleNextAction's input).
  return <TestCardFields ref={ref} disabled={disabled} />;
}
