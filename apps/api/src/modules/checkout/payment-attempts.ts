import {
  CARD_IN_USE_MESSAGE,
  isCardSetupId,
  ORDER_PAYMENT_IN_PROGRESS_MESSAGE,
  PRICE_CHANGED_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AuthorizeInput,
  CardSetup,
  PaymentIntent,
  PaymentProvider,
} from '../../domain/payment-provider';
import { AppError } from '../../errors/app-error';
import { untilNotBusy, wakeOne } from '../../lib/wake-ups';
import * as limits from '../../platform/limits/service';
import * as repository from './repository';

/**
 * A checkout's payment attempt, checkout's own: its row is written before the provider is asked
 * (a hold never exists without it), settled with the provider's answer, released when the checkout
 * is refused (the compensation of the authorize-payment step, docs/decisions/049) and captured once
 * the order exists. The checkout completion flow (workflows/checkout-completion.ts) runs these.
 */

export type AttemptDeps = {
  db: Database;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  site: { name: string };
  /** The customer's address (behind the configured proxies): declines are limited per address too. */
  clientIp?: string;
  /** Tests inject faults here (a crash before the provider's answer is recorded). */
  beforeStep?: (step: 'record-authorization', tx: Database) => Promise<void>;
  /** How long an attempt waits for others of its card or cart in flight (limits.IN_FLIGHT_WAIT_MS). */
  inFlightWaitMs?: number;
};

/** What the provider is asked for a first box: the amount, the card and whom it is saved for. */
export type FirstBoxPayment = {
  idempotencyKey: string;
  abandonedCartId: string;
  paymentMethodId: string;
  amountCents: number;
  planName: string | undefined;
  email: string;
  customerName: string;
};

/**
 * Card-testing defence: a cart, a card, or an address that had this many declines in an hour stops
 * trying cards. The card's limit follows a tester across carts and addresses; the address's only
 * stops carts that had a decline themselves, so good cards behind a shared address still go through.
 */
export const DECLINES_PER_CART_PER_HOUR = 5;
export const DECLINES_PER_CARD_PER_HOUR = limits.DECLINES_PER_CARD_PER_HOUR;
export const DECLINES_PER_IP_PER_HOUR = 20;

const TOO_MANY_DECLINES_MESSAGE =
  'Too many cards were declined for this order. Please try again in an hour or contact us for help.';
const DECLINES_FROM_ADDRESS: limits.Limit = {
  kind: 'payment_declined',
  max: DECLINES_PER_IP_PER_HOUR,
  windowMinutes: 60,
  message:
    'Too many cards were declined from your connection in the last hour. Please try again later, use another connection, or contact us for help.',
};

// Shared with gift card purchases (limits/service): one card's declines count wherever it is tried.
const { DECLINES_OF_CARD } = limits;

export const priceChanged = () => new AppError('conflict', PRICE_CHANGED_MESSAGE);
export const attemptEnded = () =>
  new AppError('conflict', 'This payment attempt has ended. Please press pay again.');

/**
 * The provider's answer to an attempt's request: an authorization, or, for a first box that costs
 * $0, a setup that saves the card and charges nothing (its own key: a setup is not a payment).
 * The retry of a lost answer asks the same way (reconcilePendingAttempt).
 */
function askProvider(payments: PaymentProvider, request: AuthorizeInput): Promise<PaymentIntent | CardSetup> {
  if (request.amountCents > 0) return payments.authorize(request);
  const customer = request.saveForOffSession;
  if (!customer) throw new AppError('internal', 'A card setup needs the customer the card is saved for.');
  return payments.setUpCard({
    paymentMethodId: request.paymentMethodId,
    idempotencyKey: `setup-${request.idempotencyKey}`,
    description: request.description,
    metadata: request.metadata,
    customer,
  });
}

/** Releases what an attempt holds: an authorization, or a card setup the customer did not finish. */
async function releaseCard(payments: PaymentProvider, id: string): Promise<void> {
  if (isCardSetupId(id)) await payments.cancelSetup(id);
  else await payments.cancel(id);
}

/**
 * authorize-payment: the provider keeps the key, so a double submit makes one authorization. A
 * subscription always leaves with a saved card: at $0 it is set up instead of authorized.
 * 'ordered': a parallel submit of this key has placed the order.
 */
export async function authorizeFirstBox(
  deps: AttemptDeps,
  payment: FirstBoxPayment,
): Promise<PaymentIntent | CardSetup | 'ordered'> {
  const { amountCents } = payment;
  const key = payment.idempotencyKey;
  const request: AuthorizeInput = {
    amountCents,
    currency: 'usd',
    paymentMethodId: payment.paymentMethodId,
    idempotencyKey: `checkout-${key}`,
    description: `${deps.site.name}: first box (${payment.planName ?? 'plan'})`,
    // Nothing that would let a reader of the processor's dashboard act on the cart.
    metadata: { kind: 'first_box' },
    // A subscription: the card is kept for the later boxes, charged off-session.
    saveForOffSession: {
      email: payment.email,
      name: payment.customerName,
    },
  };
  // One card declined again and again, whatever carts and addresses it comes through, is a card
  // tester's: its decline limit is keyed by the provider's fingerprint of the card (never the number).
  const fingerprint = await deps.payments.cardFingerprint(payment.paymentMethodId);
  // The attempt is written before the provider is asked: a hold can never exist without its row.
  // One statement (migrations 0021 and 0023), under the cart's lock, in this order: a shared address
  // that saw many declines stops only carts that had a decline themselves (one card tester behind a
  // school's or an office's address cannot stop everybody's first try); the same key again finds its
  // attempt (and takes nothing new); the cart's own decline limit; then a new attempt takes an
  // in-flight slot of the card's limit, or gets a 429 and is never written nor asked about. Only real
  // declines refuse: while other attempts of the card or cart in flight fill a limit, this one waits.
  const cardSubject = fingerprint ? limits.cardSubject(fingerprint) : null;
  const opening = await openAttemptWhenFree(deps, {
    attempt: {
      idempotencyKey: key,
      abandonedCartId: payment.abandonedCartId,
      amountCents,
      providerRequest: request,
    },
    cardSubject,
  });
  if (opening.outcome === 'address_limited')
    throw new AppError('rate_limited', DECLINES_FROM_ADDRESS.message);
  if (opening.outcome === 'limited') throw new AppError('rate_limited', TOO_MANY_DECLINES_MESSAGE);
  if (opening.outcome === 'card_limited') throw new AppError('rate_limited', DECLINES_OF_CARD.message);
  const cardSlot: limits.InFlightSlot | null =
    opening.outcome === 'opened' && opening.cardSlot !== null && cardSubject
      ? { id: opening.cardSlot, subject: cardSubject }
      : null;
  if (opening.outcome === 'existing') {
    const { attempt } = opening;
    // A parallel submit of this key has placed the order: answer it.
    if (attempt.status === 'ordered') return 'ordered';
    if (attempt.status === 'released') throw attemptEnded();
    // The same key for another price (the cart changed after a 3-D Secure step): the old hold goes.
    if (attempt.amountCents !== amountCents) throw priceChanged();
  }
  // The card's slot is kept if the provider declines the card, given back otherwise: by the
  // statement that records the answer, or (a failure before it) in `finally`.
  // True once the slot needs nothing more: settled with the answer.
  let slotDone = false;
  try {
    // A failure here (a lost answer) leaves the attempt pending: the retry with this key, or the
    // stale-authorization job, finds the hold by asking again with the same request.
    const intent = await askProvider(deps.payments, request);
    if (intent.status === 'declined') {
      slotDone = true;
      await repository.settleAttempt(
        deps.db,
        key,
        { paymentIntentId: intent.id, status: 'declined' },
        cardSlot?.id ?? null,
      );
      if (deps.clientIp) await limits.record(deps.db, 'payment_declined', `ip:${deps.clientIp}`);
      throw AppError.invalidField('payment_method_id', intent.declineMessage ?? 'Your card was declined.');
    }
    if (intent.status === 'canceled') throw attemptEnded();
    await deps.beforeStep?.('record-authorization', deps.db);
    const settled = await repository.settleAttempt(
      deps.db,
      key,
      { paymentIntentId: intent.id, status: 'authorized' },
      cardSlot?.id ?? null,
    );
    slotDone = true;
    if (!settled) {
      if ((await repository.findAttempt(deps.db, key))?.status === 'ordered') return 'ordered';
      throw attemptEnded();
    }
    if ('amountCents' in intent && intent.amountCents !== amountCents) throw priceChanged();
    return intent;
  } finally {
    if (cardSlot && !slotDone) {
      await limits.giveBack(deps.db, cardSlot).catch((error: unknown) => {
        deps.log.error({ err: error }, 'could not give back a card-decline slot');
      });
    } else if (cardSlot) limits.slotSettled(cardSlot.subject);
    // An attempt of this cart waiting for this one asks again.
    if (opening.outcome === 'opened') wakeOne(attemptsOfCart(payment.abandonedCartId));
  }
}

/** The wake-up key of a cart's attempts in flight. */
const attemptsOfCart = (cartId: string) => `checkout-attempts:${cartId}`;

/**
 * Opens the attempt (`repository.openAttempt`) once no other attempt in flight fills the cart's or
 * the card's decline limit: while they do, waits for one of them to settle (woken by it in this
 * process, or asking again after a short pause), for `inFlightWaitMs` at most; then a 409 asks the
 * customer to press pay again. Nothing was declined, so nothing says so.
 */
async function openAttemptWhenFree(
  deps: AttemptDeps,
  input: { attempt: Parameters<typeof repository.openAttempt>[1]; cardSubject: string | null },
): Promise<repository.AttemptOpening> {
  let lastBusy: 'cart_busy' | 'card_busy' = 'card_busy';
  return untilNotBusy(
    async () => {
      const opening = await repository.openAttempt(deps.db, input.attempt, {
        cart: { maxDeclines: DECLINES_PER_CART_PER_HOUR, windowMinutes: 60 },
        address: {
          subject: deps.clientIp ? `ip:${deps.clientIp}` : null,
          max: DECLINES_FROM_ADDRESS.max,
          windowMinutes: DECLINES_FROM_ADDRESS.windowMinutes,
        },
        card: {
          subject: input.cardSubject,
          max: DECLINES_OF_CARD.max,
          windowMinutes: DECLINES_OF_CARD.windowMinutes,
        },
        inFlightMinutes: limits.IN_FLIGHT_MINUTES,
      });
      if (opening.outcome === 'cart_busy' || opening.outcome === 'card_busy') lastBusy = opening.outcome;
      if (opening.outcome === 'cart_busy') return { busyOn: attemptsOfCart(input.attempt.abandonedCartId) };
      if (opening.outcome === 'card_busy') return { busyOn: limits.slotsOf(input.cardSubject!) };
      return opening;
    },
    {
      waitMs: deps.inFlightWaitMs ?? limits.IN_FLIGHT_WAIT_MS,
      onTimeout: () =>
        new AppError(
          'conflict',
          lastBusy === 'cart_busy' ? ORDER_PAYMENT_IN_PROGRESS_MESSAGE : CARD_IN_USE_MESSAGE,
        ),
    },
  );
}

/**
 * A pending attempt whose provider answer never reached the database: asking again with the very
 * same request answers the hold the provider made (or makes one if the first ask never arrived),
 * which is then released. Guarded: a checkout that settles the attempt meanwhile keeps its hold.
 */
export async function reconcilePendingAttempt(
  deps: Pick<AttemptDeps, 'db' | 'payments' | 'log'>,
  attempt: { idempotencyKey: string; providerRequest: unknown },
) {
  try {
    const intent = attempt.providerRequest
      ? await askProvider(deps.payments, attempt.providerRequest as AuthorizeInput)
          // The provider refuses the request itself (its key was used otherwise): nothing to release.
          .catch((error) => (error instanceof AppError ? null : Promise.reject(error)))
      : null;
    if (!(await repository.releasePendingAttempt(deps.db, attempt.idempotencyKey, intent?.id ?? null)))
      return;
    if (!intent) return;
    if (intent.status !== 'declined' && intent.status !== 'canceled')
      await releaseCard(deps.payments, intent.id);
  } catch (error) {
    deps.log.error({ err: error }, 'could not reconcile a pending card authorization');
  }
}

/** Cancels the hold of this key's attempt unless an order took it (a guarded update decides). */
export async function releaseHold(deps: Pick<AttemptDeps, 'db' | 'payments' | 'log'>, key: string) {
  try {
    const intentId = await repository.releaseAttempt(deps.db, key);
    if (intentId) await releaseCard(deps.payments, intentId);
  } catch (error) {
    // The stale-authorization job retries; a failed release must not hide why the checkout was refused.
    deps.log.error({ err: error }, 'could not release a card authorization');
  }
}

/** Captures an order's payment; a failure is counted and left for the capture job to retry. */
export async function capturePayment(
  deps: Pick<AttemptDeps, 'db' | 'payments' | 'log'>,
  orderId: number,
  paymentIntentId: string,
): Promise<'paid' | 'pending'> {
  try {
    const captured = await deps.payments.capture(paymentIntentId);
    if (captured.status === 'succeeded') {
      await repository.setOrderStatus(deps.db, orderId, 'paid');
      return 'paid';
    }
  } catch (error) {
    deps.log.error({ err: error, orderId, paymentIntentId }, 'capturing a checkout payment failed');
  }
  await repository.countCaptureFailure(deps.db, orderId).catch(() => undefined);
  return 'pending';
}
