import {
  type AbandonedCart,
  type AbandonedCartResponse,
  type CompleteCheckoutBody,
  type CompleteCheckoutResponse,
  type DeliveryFrequencyWeeks,
  dollarsToCents,
  EMAIL_IN_USE_MESSAGE,
  type GiftCardCheckResponse,
  PRICE_CHANGED_MESSAGE,
  type UpdateAbandonedCartBody,
} from '@sprout/contracts';
import type { ApiFailure, ApiResult, FieldErrors } from '../../lib/api';
import type { PaymentFieldsHandle } from '../payments/payment-fields-handle';

/**
 * One press of Pay (decision 013): save the contact form to the cart, check that the saved
 * cart costs what the Pay button showed, tokenise the card (also at $0: it is saved for the next
 * boxes), then complete the checkout with an
 * idempotency key and the total shown, going through a 3-D Secure step when the card asks for
 * one. Plain async code over injected calls, so the key rules are unit-tested.
 *
 * The price: the customer is never charged a total they were not shown. A saved cart whose total
 * differs from the button's stops the press before the card is read (the page shows the new
 * total and the customer presses again); the server refuses any other difference with a 409.
 *
 * The key (decision 012: infrastructure failures are retried with the same key): made once per
 * attempt; kept for the re-submit after 3-D Secure, and after a 5xx answer or no answer at all —
 * the next press then retries the same attempt (same key, card token and total, no new cart
 * update), so a checkout that did go through is answered again instead of charged twice. Dropped
 * after a 4xx answer (the server refused the attempt), a failed authentication, or an order.
 */

type CompletedCheckout = Extract<CompleteCheckoutResponse['data'], { status: 'completed' }>;

export type PayOutcome =
  | { kind: 'completed'; checkout: CompletedCheckout }
  /** The email has an account: the visitor is sent to log in, not to make a second one. */
  | { kind: 'email-in-use'; email: string }
  /** 400/10002: the cart can no longer be bought here (the cart update already went to /menus). */
  | { kind: 'cart-locked' }
  /** 422: the API's field errors and its message. */
  | { kind: 'invalid'; errors: FieldErrors; message: string }
  /**
   * The card could not be read (stage 'card': the card form shows which field and has focused it)
   * or failed its authentication (stage 'authentication').
   */
  | { kind: 'payment-error'; message: string; stage: 'card' | 'authentication' }
  /**
   * The saved cart does not cost the total the Pay button showed: nothing was charged, the card was
   * not read. The page shows this cart's costs and the message; the customer presses Pay again.
   */
  | { kind: 'price-changed'; message: string; cart: AbandonedCart }
  /** 409: the price or the cart changed while paying (the server's message), or the key was already used. */
  | { kind: 'conflict'; message: string }
  /**
   * The request failed. `retryable`: a 5xx answer or no answer, and the attempt's key is kept, so
   * the next press retries the same attempt (never a second charge).
   */
  | { kind: 'failed'; message: string; retryable: boolean }
  | { kind: 'aborted' };

export type PayInput = {
  abandonedCartId: string;
  /** The details form's values, checked by its contract (empty fields already left out). */
  cartUpdate: UpdateAbandonedCartBody;
  firstDeliveryDate: string;
  frequencyWeeks: DeliveryFrequencyWeeks;
  /**
   * The total the Pay button showed when it was pressed, in dollars: the only total that may be
   * charged, gift cards taken off. At 0 the card is still read: the server saves it for the next
   * boxes and charges nothing (decision 036).
   */
  total: number;
  /** Gift card codes to pay with first (decision 024); the server checks and debits them. */
  giftCardCodes?: string[];
};

export type PayDeps = {
  saveCart(body: UpdateAbandonedCartBody): Promise<ApiResult<AbandonedCartResponse>>;
  complete(body: CompleteCheckoutBody): Promise<ApiResult<CompleteCheckoutResponse>>;
  payment: PaymentFieldsHandle | null;
  newKey(): string;
  /** What the gift cards leave to pay on the saved cart (the total the Pay button must show). */
  checkGiftCards?(codes: string[]): Promise<ApiResult<GiftCardCheckResponse>>;
};

export type Attempt = {
  key: string;
  paymentMethodId: string;
  /** The total shown when the attempt was made: a retry charges this or nothing. */
  expectedTotal: number;
};

/** Holds the attempt that may be retried with its key; one per checkout page. */
export class AttemptMemory {
  current: Attempt | null = null;
  clear() {
    this.current = null;
  }
}

export const CARD_FORM_NOT_READY = 'The card form is still loading. Please try again in a moment.';
const MAX_ACTION_ROUNDS = 3;

/** A random key of 32 letters and digits (crypto.randomUUID without its dashes). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID().replaceAll('-', '');
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isEmailInUse(errors: FieldErrors): boolean {
  return (errors.email ?? []).includes(EMAIL_IN_USE_MESSAGE);
}

/** Dollars compared in whole cents (0.1 + 0.2 is 0.30). */
function sameAmount(a: number, b: number): boolean {
  return dollarsToCents(a) === dollarsToCents(b);
}

/**
 * The server answered and refused the attempt (422, 409, 400, 404, 429…): its key is spent. A 5xx
 * answer, no answer or an unreadable one may hide a checkout that went on: the key is kept.
 */
function refusedAttempt(error: ApiFailure): boolean {
  return error.status !== null && error.status >= 400 && error.status < 500;
}

export async function pay(input: PayInput, deps: PayDeps, memory: AttemptMemory): Promise<PayOutcome> {
  const retrying = memory.current;
  if (!retrying) {
    const saved = await deps.saveCart(input.cartUpdate);
    if (saved.kind === 'aborted') return { kind: 'aborted' };
    if (saved.kind === 'error') {
      const { error } = saved;
      if (error.kind === 'validation') {
        if (isEmailInUse(error.fieldErrors))
          return { kind: 'email-in-use', email: (input.cartUpdate.email ?? '').trim() };
        return { kind: 'invalid', errors: error.fieldErrors, message: error.message };
      }
      if (error.kind === 'cart-locked') return { kind: 'cart-locked' };
      // No key was made yet: the next press starts over.
      return { kind: 'failed', message: error.message, retryable: false };
    }
    // The details can move the price (the state's tax): charge only what the button showed.
    const cart = saved.data.data;
    let savedTotal = cart.cart.costs.total_cost;
    if (input.giftCardCodes?.length && deps.checkGiftCards) {
      const checked = await deps.checkGiftCards(input.giftCardCodes);
      if (checked.kind === 'aborted') return { kind: 'aborted' };
      if (checked.kind === 'error') {
        const { error } = checked;
        if (error.kind === 'validation')
          return { kind: 'invalid', errors: error.fieldErrors, message: error.message };
        return { kind: 'failed', message: error.message, retryable: false };
      }
      savedTotal = checked.data.data.total_cost;
    }
    if (!sameAmount(savedTotal, input.total))
      return { kind: 'price-changed', message: PRICE_CHANGED_MESSAGE, cart };
  }

  let attempt = retrying;
  if (!attempt) {
    // A subscription's next boxes are charged to this card, whatever the first one costs.
    if (!deps.payment) return { kind: 'payment-error', message: CARD_FORM_NOT_READY, stage: 'card' };
    const created = await deps.payment.createPaymentMethod();
    if ('error' in created) return { kind: 'payment-error', message: created.error, stage: 'card' };
    attempt = { key: deps.newKey(), paymentMethodId: created.id, expectedTotal: input.total };
    memory.current = attempt;
  }

  const body: CompleteCheckoutBody = {
    abandoned_cart_id: input.abandonedCartId,
    idempotency_key: attempt.key,
    first_delivery_date: input.firstDeliveryDate,
    frequency_weeks: input.frequencyWeeks,
    expected_total: attempt.expectedTotal,
    payment_method_id: attempt.paymentMethodId,
    ...(input.giftCardCodes?.length ? { gift_card_codes: input.giftCardCodes } : {}),
  };

  let lockedRetried = false;
  for (let round = 0; round < MAX_ACTION_ROUNDS; round += 1) {
    let result = await deps.complete(body);
    // A kept key whose cart is checked out: the first attempt went through. The server answers a
    // known key with its order, so the same request once more fetches it (not /menus).
    if (retrying && !lockedRetried && result.kind === 'error' && result.error.kind === 'cart-locked') {
      lockedRetried = true;
      result = await deps.complete(body);
    }
    if (result.kind === 'aborted') return { kind: 'aborted' };
    if (result.kind === 'error') {
      const { error } = result;
      // A 5xx answer or none: the same key, card token and total go again on the next press.
      if (!refusedAttempt(error)) return { kind: 'failed', message: error.message, retryable: true };
      memory.clear();
      if (error.kind === 'validation') {
        if (isEmailInUse(error.fieldErrors))
          return { kind: 'email-in-use', email: (input.cartUpdate.email ?? '').trim() };
        return { kind: 'invalid', errors: error.fieldErrors, message: error.message };
      }
      if (error.kind === 'cart-locked') return { kind: 'cart-locked' };
      if (error.status === 409) return { kind: 'conflict', message: error.message };
      return { kind: 'failed', message: error.message, retryable: false };
    }
    const { data } = result.data;
    if (data.status === 'completed') {
      memory.clear();
      return { kind: 'completed', checkout: data };
    }
    // 3-D Secure: the customer authenticates, then the same key goes again.
    if (!deps.payment) {
      memory.clear();
      return { kind: 'payment-error', message: CARD_FORM_NOT_READY, stage: 'authentication' };
    }
    const action = await deps.payment.handleNextAction({
      paymentIntentId: data.payment_intent.id,
      clientSecret: data.payment_intent.client_secret,
      amount: data.payment_intent.amount,
    });
    if ('error' in action) {
      memory.clear();
      return { kind: 'payment-error', message: action.error, stage: 'authentication' };
    }
  }
  memory.clear();
  return {
    kind: 'payment-error',
    message: 'Your bank asked for authentication again. Please try once more or use another card.',
    stage: 'authentication',
  };
}
