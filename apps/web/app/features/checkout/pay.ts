import {
  type CompleteCheckoutBody,
  type CompleteCheckoutResponse,
  type DeliveryFrequencyWeeks,
  EMAIL_IN_USE_MESSAGE,
} from '@sprout/contracts';
import type { ApiResult, FieldErrors } from '../../lib/api.client';
import type { UpdateCartResponse } from '../cart/cart-api';
import type { CartUpdateFields } from '../cart/mapping';
import type { PaymentFieldsHandle } from '../payments/payment-fields-handle';

/**
 * One press of Pay (design "Checkout"): save the contact form to the cart, tokenise the card,
 * then complete the checkout with an idempotency key, going through a 3-D Secure step when the
 * card asks for one. Plain async code over injected calls, so the key rules are unit-tested.
 *
 * The key: made once per press; kept for the re-submit after 3-D Secure and for a retry after the
 * request got no answer (then the same card token and no new cart update, so a checkout that did
 * go through is answered again instead of charged twice); dropped after any answer that is an error.
 */

type CompletedCheckout = Extract<CompleteCheckoutResponse['data'], { status: 'completed' }>;

export type PayOutcome =
  | { kind: 'completed'; checkout: CompletedCheckout }
  /** The email has an account: spec section 8 sends the visitor to log in. */
  | { kind: 'email-in-use'; email: string }
  /** 400/10002: the cart can no longer be bought here (the cart update already went to /menus). */
  | { kind: 'cart-locked' }
  /** 422: camel-cased field errors and the server's message. */
  | { kind: 'invalid'; errors: FieldErrors; message: string }
  /**
   * The card could not be read (stage 'card': the card form shows which field and has focused it)
   * or failed its authentication (stage 'authentication').
   */
  | { kind: 'payment-error'; message: string; stage: 'card' | 'authentication' }
  /** 409: the cart changed while paying, or the key was already used. */
  | { kind: 'conflict'; message: string }
  /** No answer (retryable with the same key) or a server error. */
  | { kind: 'failed'; message: string; retryable: boolean }
  | { kind: 'aborted' };

export type PayInput = {
  abandonedCartId: string;
  cartUpdate: CartUpdateFields;
  firstDeliveryDate: string;
  frequencyWeeks: DeliveryFrequencyWeeks;
  /** The total due now, in dollars: nothing to charge at 0 (no card token is sent). */
  total: number;
};

export type PayDeps = {
  saveCart(fields: CartUpdateFields): Promise<ApiResult<UpdateCartResponse>>;
  complete(body: CompleteCheckoutBody): Promise<ApiResult<CompleteCheckoutResponse>>;
  payment: PaymentFieldsHandle | null;
  newKey(): string;
};

export type Attempt = { key: string; paymentMethodId: string | undefined };

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
      return { kind: 'failed', message: error.message, retryable: error.kind === 'no-response' };
    }
  }

  let attempt = retrying;
  if (!attempt) {
    let paymentMethodId: string | undefined;
    if (input.total > 0) {
      if (!deps.payment) return { kind: 'payment-error', message: CARD_FORM_NOT_READY, stage: 'card' };
      const created = await deps.payment.createPaymentMethod();
      if ('error' in created) return { kind: 'payment-error', message: created.error, stage: 'card' };
      paymentMethodId = created.id;
    }
    attempt = { key: deps.newKey(), paymentMethodId };
    memory.current = attempt;
  }

  const body: CompleteCheckoutBody = {
    abandoned_cart_id: input.abandonedCartId,
    idempotency_key: attempt.key,
    first_delivery_date: input.firstDeliveryDate,
    frequency_weeks: input.frequencyWeeks,
    ...(attempt.paymentMethodId ? { payment_method_id: attempt.paymentMethodId } : {}),
  };

  for (let round = 0; round < MAX_ACTION_ROUNDS; round += 1) {
    const result = await deps.complete(body);
    if (result.kind === 'aborted') return { kind: 'aborted' };
    if (result.kind === 'error') {
      const { error } = result;
      // No answer: the same key (and card token) is sent again on the next press.
      if (error.kind === 'no-response') return { kind: 'failed', message: error.message, retryable: true };
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
