import { z } from 'zod';
import {
  CARD_CVC_INVALID_MESSAGE,
  CARD_EXPIRY_MONTH_INVALID_MESSAGE,
  CARD_EXPIRY_YEAR_INVALID_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
} from './cards';

// ---------------------------------------------------------------------------------------------
// The embedded test provider's browser-facing API (it stands in for a processor's own JS API).

/** A card as the browser sends it to the test provider; the number and CVC are never stored or logged. */
export const testPaymentMethodBody = z
  .object({
    number: z.string({ error: CARD_NUMBER_INVALID_MESSAGE }).max(32, { error: CARD_NUMBER_INVALID_MESSAGE }),
    exp_month: z.number({ error: CARD_EXPIRY_MONTH_INVALID_MESSAGE }).int({
      error: CARD_EXPIRY_MONTH_INVALID_MESSAGE,
    }),
    exp_year: z
      .number({ error: CARD_EXPIRY_YEAR_INVALID_MESSAGE })
      .int({ error: CARD_EXPIRY_YEAR_INVALID_MESSAGE }),
    cvc: z.string({ error: CARD_CVC_INVALID_MESSAGE }).max(8, { error: CARD_CVC_INVALID_MESSAGE }),
  })
  .strict();
export type TestPaymentMethodBody = z.infer<typeof testPaymentMethodBody>;

export const testPaymentMethod = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
});
export type TestPaymentMethod = z.infer<typeof testPaymentMethod>;

export const testPaymentIntentParams = z.object({ id: z.string().min(1).max(100) });

export const testAuthenticateBody = z
  .object({
    client_secret: z.string().min(1).max(200),
    /** What the customer did in the bank's 3-D Secure window. */
    outcome: z.enum(['approve', 'fail']),
  })
  .strict();
export type TestAuthenticateBody = z.infer<typeof testAuthenticateBody>;

export const PAYMENT_INTENT_STATUSES = [
  // An off-session charge the bank wants its customer to authenticate (Stripe's
  // `authentication_required`): confirmed again on-session, it asks for 3-D Secure.
  'requires_payment_method',
  'requires_action',
  'requires_capture',
  'succeeded',
  'canceled',
  'declined',
] as const;

export const testPaymentIntent = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  /** A customer-facing reason when declined, else null. */
  decline_message: z.string().nullable(),
});
export type TestPaymentIntent = z.infer<typeof testPaymentIntent>;
