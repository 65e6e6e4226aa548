/**
 * The one interface the store charges through (docs/decisions/011). Two implementations: the
 * embedded test provider (default, ./test-provider.ts) and Stripe (./stripe-provider.ts), chosen by
 * configuration in plugins/payments.ts and reachable as `app.payments`.
 */

export type PaymentIntentStatus =
  /**
   * An off-session charge the bank wants its customer to authenticate (Stripe's
   * `authentication_required`): not a decline. The intent stays usable: `confirmOnSession` with the
   * customer present asks for the 3-D Secure step (docs/decisions/041).
   */
  'requires_authentication' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled' | 'declined';

export type PaymentIntent = {
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  clientSecret: string;
  /** A customer-facing reason when declined, else null. */
  declineMessage: string | null;
  card: { brand: string; last4: string } | null;
  /**
   * The card kept for later off-session charges (an authorization asked with saveForOffSession):
   * its payment method and, with Stripe, the customer it is attached to.
   */
  savedPaymentMethod?: { paymentMethodId: string; customerId: string | null } | null;
};

export type AuthorizeInput = {
  amountCents: number;
  currency: 'usd';
  paymentMethodId: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** Keep the card for later charges without the customer (a subscription's first payment). */
  saveForOffSession?: { email: string; name: string };
};

/** A charge of a saved card without the customer present (a subscription's later box). */
export type OffSessionChargeInput = {
  amountCents: number;
  currency: 'usd';
  paymentMethodId: string;
  /** The provider's customer the card is attached to (Stripe needs it); null for the test provider. */
  customerId: string | null;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
};

/** A card to keep for later charges (the account's "replace card"), from the provider's card form. */
export type SavePaymentMethodInput = {
  paymentMethodId: string;
  /** The provider's customer the subscription's card belongs to; null makes one (Stripe). */
  customerId: string | null;
  email: string;
  name: string;
};

export type SavedCard = {
  paymentMethodId: string;
  customerId: string | null;
  card: { brand: string; last4: string } | null;
};

export type RefundInput = { intentId: string; amountCents?: number; idempotencyKey: string };

/**
 * A card saved for later off-session charges with nothing charged now (Stripe's SetupIntent): a
 * subscription whose first box costs $0 still leaves checkout with the card its next boxes are
 * charged to (docs/decisions/036).
 */
export type SetUpCardInput = {
  paymentMethodId: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** Who the card is saved for: the provider's customer is made from it (one per key). */
  customer: { email: string; name: string };
};

export type CardSetupStatus = 'requires_action' | 'succeeded' | 'canceled' | 'declined';

export type CardSetup = {
  id: string;
  status: CardSetupStatus;
  clientSecret: string;
  /** A customer-facing reason when declined, else null. */
  declineMessage: string | null;
  card: { brand: string; last4: string } | null;
  /** Once succeeded: the card kept for off-session charges and its customer. */
  savedPaymentMethod: { paymentMethodId: string; customerId: string | null } | null;
};

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey: string | null;
  /**
   * Creates a manual-capture intent for the payment method and confirms it; for an idempotency key
   * it has seen, returns that intent (its current state) instead. Same key with a different amount
   * or payment method → throws AppError('conflict', ...). Declines are NOT thrown: status
   * 'declined' + declineMessage. A card the provider will not take for this payment (with
   * saveForOffSession, one saved for another customer) is a 422 on payment_method_id.
   */
  authorize(input: AuthorizeInput): Promise<PaymentIntent>;
  /**
   * The card's fingerprint: the same card number gives the same value whichever payment method
   * (and cart, and customer) carries it, and the number cannot be read from it. Asked before
   * authorizing, so declines can be limited per card. Null when the provider does not know the
   * payment method (authorize then says so) or it is not a card.
   */
  cardFingerprint(paymentMethodId: string): Promise<string | null>;
  /** Idempotent: capturing a succeeded intent returns it. */
  capture(intentId: string): Promise<PaymentIntent>;
  /** Idempotent: releases an authorization. */
  cancel(intentId: string): Promise<PaymentIntent>;
  retrieve(intentId: string): Promise<PaymentIntent>;
  refund(input: RefundInput): Promise<{ id: string; amountCents: number }>;
  /**
   * Charges a saved card off-session and captures at once. The same idempotency key answers the
   * same intent in its current state (so a repeated renewal never charges twice). Declines are NOT
   * thrown: status 'declined'. A bank asking for authentication, which an absent customer cannot
   * give, is no decline: status 'requires_authentication', the intent kept for confirmOnSession.
   */
  chargeOffSession(input: OffSessionChargeInput): Promise<PaymentIntent>;
  /**
   * Confirms an off-session charge that asked for authentication (or whose 3-D Secure step failed)
   * again, with its customer present and the same card: 'requires_action' with the client secret
   * the browser's 3-D Secure step needs, or 'succeeded' when the bank asks nothing more. An intent
   * already paid answers as it is; a canceled one is a 409.
   */
  confirmOnSession(intentId: string): Promise<PaymentIntent>;
  /**
   * Keeps a card for off-session charges: Stripe attaches it to the customer (made when there is
   * none) and makes it the customer's default. A card the provider refuses, or one saved for
   * another customer, is a 422 on payment_method_id with a message the customer can act on.
   */
  savePaymentMethod(input: SavePaymentMethodInput): Promise<SavedCard>;
  /**
   * Checks the card and saves it for off-session charges without charging it (a first box that
   * costs $0). The same idempotency key answers the same setup in its current state (after a 3-D
   * Secure step it has moved on); the same key with another card is a 409. Declines are NOT
   * thrown: status 'declined' + declineMessage. A card saved for another customer is a 422 on
   * payment_method_id.
   */
  setUpCard(input: SetUpCardInput): Promise<CardSetup>;
  /** Idempotent: ends a setup the customer did not finish; a succeeded one stays as it is. */
  cancelSetup(setupId: string): Promise<void>;
}
