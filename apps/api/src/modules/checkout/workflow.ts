import {
  CARD_IN_USE_MESSAGE,
  type CheckoutSuccess,
  type CompleteCheckoutBody,
  centsToDollars,
  EMAIL_IN_USE_MESSAGE,
  formatCalendarDay,
  GIFT_CARD_BALANCE_USED_MESSAGE,
  isCardSetupId,
  ORDER_PAYMENT_IN_PROGRESS_MESSAGE,
  PRICE_CHANGED_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import { isDeliveryDateChoice, isoWeekday } from '../../domain/delivery-dates';
import type {
  AuthorizeInput,
  CardSetup,
  PaymentIntent,
  PaymentProvider,
} from '../../domain/payment-provider';
import { AppError } from '../../errors/app-error';
import { untilNotBusy, wakeOne } from '../../lib/wake-ups';
import * as limits from '../../platform/limits/service';
import { orderConfirmationMail } from '../../platform/mail/templates';
import type { Mailer } from '../../plugins/mail';
import { createCustomer } from '../accounts/service';
import { openSessionFor, sessionPartFor } from '../auth/service';
import {
  type CheckoutPricedCart,
  lockCartUnchanged,
  markCartCheckedOut,
  priceCartForCheckout,
} from '../carts/service';
import { lockCardsForCheckout, resolveCodes, spendForOrder } from '../gift-cards/service';
import { addCredit, redeemReferralCode, registerPromoCodeUsage } from '../promotions/service';
import { createSubscription, startDeliveriesPart } from '../subscriptions/service';
import { checkoutProblems } from './readiness';
import * as repository from './repository';
import { orderCostColumns } from './service';
import { orderCosts, orderEmailLinks, orderNumber, toOrder, toSubscription } from './wire';

/**
 * Checkout completion (design.md "Checkout") as a named workflow:
 *
 *   find-previous → price → authorize-payment → [one transaction: lock-cart → reprice →
 *   register-promotions → create-customer → create-subscription → create-order → finish] → capture
 *
 * The only external call is the payment. It is authorized (not captured) before the transaction
 * and captured after the commit, so money moves only for an order that exists. A first box that
 * costs $0 charges nothing but still saves the card for the next boxes (a setup at the provider,
 * docs/decisions/036): the same steps, attempt and limits, and nothing to capture. Its compensation,
 * releasing the authorization, runs when the transaction refuses the checkout for a business reason;
 * an infrastructure failure (a lost connection) leaves the authorization for a retry with the same
 * key, which the provider answers with the same intent, to complete.
 */

export type CheckoutStep =
  | 'record-authorization'
  | 'lock-cart'
  | 'reprice'
  | 'register-promotions'
  | 'spend-gift-cards'
  | 'create-customer'
  | 'create-subscription'
  | 'create-order'
  | 'finish';

export type CheckoutDeps = {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  /** `accountUrl`: ACCOUNT_SITE_URL, where the confirmation's links go (/account when absent). */
  site: { url: string; name: string; accountUrl?: string };
  log: FastifyBaseLogger;
  /** The customer's address (behind the configured proxies): declines are limited per address too. */
  clientIp?: string;
  now?: () => Date;
  /** Tests inject faults here (a killed connection, a crash) to prove nothing is half-written. */
  beforeStep?: (step: CheckoutStep, tx: Database) => Promise<void>;
  /** How long an attempt waits for others of its card or cart in flight (limits.IN_FLIGHT_WAIT_MS). */
  inFlightWaitMs?: number;
};

export type CompletedCheckout = {
  status: 'completed';
  orderId: number;
  subscriptionId: number | null;
  user: { id: number; email: string };
  sessionToken: string;
  /**
   * The order and subscription as the answer shows them, built from the rows this request wrote
   * (no re-read); a replay leaves it out and the route reads them.
   */
  summary?: CheckoutSuccess;
};

export type CheckoutResult =
  | CompletedCheckout
  | { status: 'requires_action'; paymentIntent: { id: string; client_secret: string; amount: number } };

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

/** A completed key signs its browser in again only this soon after the order (a lost answer, not a login). */
export const REPLAY_SIGN_IN_MINUTES = 15;

/** The success page grant lasts long enough for a slow connection, not for a bookmark. */
const SUCCESS_GRANT_HOURS = 24;

const cartLocked = () => new AppError('cart_locked', 'This cart has already been checked out.');
const priceChanged = () => new AppError('conflict', PRICE_CHANGED_MESSAGE);
const attemptEnded = () =>
  new AppError('conflict', 'This payment attempt has ended. Please press pay again.');

export async function completeCheckout(
  deps: CheckoutDeps,
  input: CompleteCheckoutBody,
): Promise<CheckoutResult> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();

  // find-previous: a checkout this key already completed answers the same again. Without gift
  // cards the cart tells (a checked-out cart looks the key up below, and a key of another cart meets
  // its attempt or the order's unique key), so the common path spends no statement on it; gift
  // cards are checked first, and a spent card must not hide the order it paid for.
  if (input.gift_card_codes?.length) {
    const previous = await repository.findOrderByIdempotencyKey(db, input.idempotency_key);
    if (previous) return replay(deps, previous, input);
  }

  try {
    return await attemptCheckout(deps, input, now);
  } catch (error) {
    // compensation: a refused checkout releases the card's hold, whichever request made it. A lost
    // connection does not: the same key retried completes with that very authorization.
    if (error instanceof AppError) await releaseHold(deps, input.idempotency_key);
    throw error;
  }
}

async function attemptCheckout(
  deps: CheckoutDeps,
  input: CompleteCheckoutBody,
  now: Date,
): Promise<CheckoutResult> {
  const { db } = deps;
  // Gift cards pay after every other discount (design.md order); checked before the card is touched.
  const giftCards = input.gift_card_codes?.length
    ? await resolveCodes(db, input.gift_card_codes, {
        clientIp: deps.clientIp,
        now,
        field: 'gift_card_codes',
      })
    : [];
  const giftCardsAvailableCents = giftCards.reduce((sum, card) => sum + card.balanceCents, 0);
  // price: from database prices only; say everything that is missing at once.
  const priced = await priceCartForCheckout(db, input.abandoned_cart_id, { giftCardsAvailableCents });
  const { cart } = priced.details;
  if (cart.status === 'checked_out' || cart.profileId !== null) {
    // A parallel submit with this key may have committed since find-previous.
    const late = await repository.findOrderByIdempotencyKey(db, input.idempotency_key);
    if (late) return replay(deps, late, input);
    throw cartLocked();
  }
  assertReady(priced, input, now);
  // Checked again under the transaction (a parallel checkout may take the email); asked here (by the
  // statement that read the cart) so a known customer is sent to sign in before anything touches the card.
  if (priced.details.emailHasAccount) {
    throw AppError.invalidField('email', EMAIL_IN_USE_MESSAGE);
  }
  const amountCents = priced.costs.totalCents;
  // Never a price the customer was not shown.
  if (Math.round(input.expected_total * 100) !== amountCents) throw priceChanged();

  // authorize-payment: the provider keeps the key, so a double submit makes one authorization.
  // A subscription always leaves with a saved card: at $0 it is set up instead of authorized.
  const authorized = await authorize(deps, priced, input, amountCents);
  if (authorized === 'ordered') {
    const late = await repository.findOrderByIdempotencyKey(db, input.idempotency_key);
    if (late) return replay(deps, late, input);
    throw attemptEnded();
  }
  const payment = authorized;
  /** Money moves for this order (else the card was only saved: nothing to capture). */
  const charged = amountCents > 0;
  if (payment.status === 'requires_action') {
    return {
      status: 'requires_action',
      paymentIntent: {
        id: payment.id,
        client_secret: payment.clientSecret,
        amount: centsToDollars(amountCents),
      },
    };
  }

  const outcome: WrittenCheckout | { replayOf: repository.OrderRow } = await db.transaction(async (tx) => {
    const step = async (name: CheckoutStep) => deps.beforeStep?.(name, tx);

    await step('lock-cart');
    // The cards' rows are locked until the commit: their balances now are what this order spends.
    // (No statement without gift cards. Every checkout locks its cards before its cart.)
    const lockedCards = await lockCardsForCheckout(
      tx,
      giftCards.map((card) => card.id),
      now,
    );
    await step('reprice');
    // The cart's row lock serialises completions of this cart. A cart unchanged since it was priced
    // for the card keeps that price (its products' prices are the ones the customer was shown and
    // the card holds). One that changed meanwhile, or one paid partly with gift cards, whose balances
    // count only now that they are locked, is priced again by the very statement that locks it.
    const repriced =
      giftCards.length === 0 && (await lockCartUnchanged(tx, input.abandoned_cart_id, priced))
        ? priced
        : await priceCartForCheckout(tx, input.abandoned_cart_id, {
            giftCardsAvailableCents: lockedCards.reduce((sum, card) => sum + card.balanceCents, 0),
            lockForCheckout: true,
          });
    const cart = repriced.details.cart;
    // A concurrent submit with this key may have committed while this one waited for the lock: it
    // checked the cart out, so only then is the key looked up. Otherwise the order's own statement
    // claims the attempt below.
    if (cart.status === 'checked_out') {
      const committed = await repository.findOrderByIdempotencyKey(tx, input.idempotency_key);
      if (committed) return { replayOf: committed };
      if (cart.status === 'checked_out') throw cartLocked();
    }
    assertReady(repriced, input, now);
    // authorize() already held the card for exactly amountCents.
    if (repriced.costs.totalCents !== amountCents) {
      // Another order spent a card's balance since it was looked up: say so, not just "changed".
      throw lockedCards.some((card, index) => card.balanceCents < giftCards[index]!.balanceCents)
        ? new AppError('conflict', GIFT_CARD_BALANCE_USED_MESSAGE)
        : priceChanged();
    }
    const locked = { cart, stateCode: repriced.details.state?.code ?? null, zip: repriced.details.zip };
    const email = locked.cart.email!;

    // Before the account exists: a new-customers-only code must still see a new customer.
    await step('register-promotions');
    if (repriced.promoApplies && locked.cart.promoCodeId !== null) {
      await registerPromoCodeUsage(tx, {
        promoCodeId: locked.cart.promoCodeId,
        email,
        cartId: input.abandoned_cart_id,
        now,
      });
    }
    const referrerCreditCents = await redeemReferral(tx, repriced);

    await step('create-customer');
    // The account and the address the subscription delivers to: one statement (accounts' own).
    const customer = await createCustomer(
      tx,
      {
        email,
        firstName: locked.cart.firstName!,
        lastName: locked.cart.lastName!,
        passwordHash: locked.cart.passwordHash!,
      },
      {
        firstName: locked.cart.firstName!,
        lastName: locked.cart.lastName!,
        addressLine1: locked.cart.addressLine1!,
        addressLine2: locked.cart.addressLine2,
        city: locked.cart.city!,
        stateId: locked.cart.stateId!,
        zipCodeId: locked.cart.zipCodeId!,
        phone: locked.cart.phone,
        deliveryInstructions: locked.cart.deliveryInstructions,
        isDefault: true,
      },
    );
    if (customer === null) throw AppError.invalidField('email', EMAIL_IN_USE_MESSAGE);
    const { userId, addressId } = customer;

    await step('create-subscription');
    const subscription = await createSubscription(tx, {
      userId,
      planId: repriced.details.plan!.id,
      addressId,
      frequencyWeeks: input.frequency_weeks,
      deliveryWeekday: isoWeekday(input.first_delivery_date),
      nextDeliveryDate: input.first_delivery_date,
      // The card later boxes are charged to, off-session (saved with the first payment).
      ...savedCardOf(deps.payments, payment, input),
      // Its tiers 2, 3 … price the later boxes.
      promoCodeId: repriced.promoApplies ? locked.cart.promoCodeId : null,
      partnershipId: locked.cart.partnershipId,
    });

    await step('create-order');
    const { costs } = repriced;
    const lines = [
      ...repriced.boxLines.map(({ line, cost }) => ({
        productId: line.product.id,
        isUpsell: false,
        sku: line.product.sku,
        name: line.product.name,
        quantity: line.quantity,
        unitPriceCents: cost.unitPriceCents,
        regularUnitPriceCents: cost.regularUnitPriceCents,
      })),
      ...repriced.upsellLines.map(({ line, cost }) => ({
        productId: line.product_id,
        isUpsell: true,
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: cost.unitPriceCents,
        regularUnitPriceCents: cost.regularUnitPriceCents,
      })),
    ];
    // The order, its lines, the success page's one-time grant, the claim of the card's hold
    // (authorized → ordered) and the subscription's boxes: one statement. The first box is a
    // delivery too (decision 021): the later boxes copy its meals, not its add-ons.
    const boxes = startDeliveriesPart({
      subscription,
      deliveryDate: input.first_delivery_date,
      items: repriced.boxLines.map(({ line }) => ({ productId: line.product.id, quantity: line.quantity })),
      asOf: now,
    });
    const { claimed, ...order } = await repository.insertCheckoutOrder(
      tx,
      {
        userId,
        subscriptionId: subscription.id,
        abandonedCartId: input.abandoned_cart_id,
        idempotencyKey: input.idempotency_key,
        status: charged ? 'payment_pending' : 'paid',
        email,
        deliveryDate: input.first_delivery_date,
        frequencyWeeks: input.frequency_weeks,
        shipFirstName: locked.cart.firstName!,
        shipLastName: locked.cart.lastName!,
        shipAddressLine1: locked.cart.addressLine1!,
        shipAddressLine2: locked.cart.addressLine2,
        shipCity: locked.cart.city!,
        shipStateCode: locked.stateCode ?? '',
        shipZipCode: locked.zip?.code ?? '',
        phone: locked.cart.phone,
        deliveryInstructions: locked.cart.deliveryInstructions,
        promoCodeId: repriced.promoApplies ? locked.cart.promoCodeId : null,
        partnershipId: locked.cart.partnershipId,
        referralCodeId: locked.cart.referralCodeStatus === 'applied' ? locked.cart.referralCodeId : null,
        discountDescription: repriced.promoApplies
          ? (repriced.details.promo?.descriptionCheckout ?? null)
          : null,
        ...orderCostColumns(costs),
        // A $0 order was paid by nothing: its saved card belongs to the subscription.
        paymentProvider: charged ? deps.payments.name : null,
        paymentIntentId: charged ? payment.id : null,
        cardBrand: charged ? (payment.card?.brand ?? null) : null,
        cardLast4: charged ? (payment.card?.last4 ?? null) : null,
      },
      lines,
      {
        route: repository.CHECKOUT_SUCCESS_ROUTE,
        expiresAt: new Date(now.getTime() + SUCCESS_GRANT_HOURS * 3_600_000),
      },
      input.idempotency_key,
      [boxes],
    );
    // The hold (or the saved card) became this order's only if no refusal released it meanwhile
    // (never both): if one did, everything this transaction wrote is rolled back.
    if (!claimed) throw attemptEnded();
    await step('spend-gift-cards');
    if (costs.giftCardsAppliedCents > 0) {
      await spendForOrder(tx, {
        cards: lockedCards,
        appliedCents: costs.giftCardsAppliedCents,
        orderId: order.id,
        userId,
        kind: 'checkout',
        description: `Order ${orderNumber(order.id)}`,
        now,
      });
    }
    if (referrerCreditCents > 0 && repriced.details.referral) {
      await addCredit(tx, {
        userId: repriced.details.referral.userId,
        amountCents: referrerCreditCents,
        reason: `Referral: ${email}'s first box`,
        orderId: order.id,
        // Pending until the friend's first box is delivered.
        availableAt: new Date(`${input.first_delivery_date}T23:59:59Z`),
      });
    }

    await step('finish');
    // The customer signed in and the confirmation queued by the statement that checks the cart out.
    const session = sessionPartFor(userId);
    const confirmation = deps.mailer.queuePart(
      email,
      'order-confirmation',
      orderConfirmationMail({
        siteName: deps.site.name,
        firstName: locked.cart.firstName!,
        orderNumber: orderNumber(order.id),
        deliveryDate: input.first_delivery_date,
        frequencyWeeks: input.frequency_weeks,
        lines: [...repriced.boxLines, ...repriced.upsellLines].map(({ line, cost }) => ({
          name: 'product' in line ? line.product.name : line.name,
          quantity: line.quantity,
          total: centsToDollars(cost.unitPriceCents * line.quantity),
        })),
        costs: orderCosts(order),
        discountDescription: order.discountDescription,
        ...orderEmailLinks(deps.site, order.id),
      }),
    );
    await markCartCheckedOut(tx, input.abandoned_cart_id, userId, [confirmation, session.part]);
    const { sessionToken } = session;
    return {
      completed: {
        status: 'completed' as const,
        orderId: order.id,
        subscriptionId: subscription.id,
        user: { id: userId, email },
        sessionToken: sessionToken!,
      },
      order,
      orderLines: lines,
      subscription,
      plan: repriced.details.plan!,
    };
  });

  if ('replayOf' in outcome) return replay(deps, outcome.replayOf, input);
  deps.mailer.flush();
  const captured = charged ? await capturePayment(deps, outcome.completed.orderId, payment.id) : 'paid';
  const { order, orderLines, subscription, plan } = outcome;
  return {
    ...outcome.completed,
    summary: {
      order: toOrder(
        { ...order, status: captured === 'paid' ? 'paid' : order.status },
        // The order the order's reads list them in: the box first, then the add-ons, by name.
        orderLines
          .map((line) => ({
            sku: line.sku,
            name: line.name,
            quantity: line.quantity,
            unit_price_cents: line.unitPriceCents,
            is_upsell: line.isUpsell,
          }))
          .sort((a, b) => Number(a.is_upsell) - Number(b.is_upsell) || byName(a.name, b.name)),
        // A new order: nothing refunded yet.
        0,
      ),
      subscription: toSubscription(subscription, plan),
    },
  };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What the order's transaction wrote, kept for the answer. */
type WrittenCheckout = {
  completed: CompletedCheckout;
  order: repository.OrderRow;
  orderLines: repository.NewOrderLineOf[];
  subscription: Parameters<typeof toSubscription>[0];
  plan: Parameters<typeof toSubscription>[1];
};

/** The card the subscription's later boxes are charged to: the one this checkout paid with or saved. */
function savedCardOf(
  payments: PaymentProvider,
  payment: PaymentIntent | CardSetup,
  input: CompleteCheckoutBody,
) {
  const paymentMethodId = payment.savedPaymentMethod?.paymentMethodId ?? input.payment_method_id ?? null;
  if (!paymentMethodId) return {};
  return {
    paymentProvider: payments.name,
    paymentMethodId,
    paymentCustomerId: payment.savedPaymentMethod?.customerId ?? null,
    cardBrand: payment.card?.brand ?? null,
    cardLast4: payment.card?.last4 ?? null,
  };
}

function assertReady(priced: CheckoutPricedCart, input: CompleteCheckoutBody, now: Date) {
  const { cart, plan, zip } = priced.details;
  const problems = checkoutProblems({
    threshold: plan?.threshold ?? null,
    itemCount: priced.itemCount,
    email: cart.email,
    firstName: cart.firstName,
    lastName: cart.lastName,
    addressLine1: cart.addressLine1,
    city: cart.city,
    phone: cart.phone,
    zipCodeKnown: zip !== null,
    zipCodeDelivered: zip?.isDelivered ?? false,
    hasPassword: cart.passwordHash !== null,
    deliveryDateOpen:
      zip !== null &&
      isDeliveryDateChoice(input.first_delivery_date, { now, weekdays: zip.deliveryWeekdays }),
    hasPaymentMethod: input.payment_method_id !== undefined,
    promoProblem: priced.promoReason,
  });
  const fields = Object.keys(problems);
  if (fields.length === 0) return;
  const first = problems[fields[0]!]![0]!;
  throw new AppError('validation', fields.length === 1 ? first : 'Please check the highlighted fields.', {
    fieldErrors: problems,
  });
}

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

async function authorize(
  deps: CheckoutDeps,
  priced: CheckoutPricedCart,
  input: CompleteCheckoutBody,
  amountCents: number,
): Promise<PaymentIntent | CardSetup | 'ordered'> {
  const key = input.idempotency_key;
  const request: AuthorizeInput = {
    amountCents,
    currency: 'usd',
    paymentMethodId: input.payment_method_id!,
    idempotencyKey: `checkout-${key}`,
    description: `${deps.site.name}: first box (${priced.details.plan?.name ?? 'plan'})`,
    // Nothing that would let a reader of the processor's dashboard act on the cart.
    metadata: { kind: 'first_box' },
    // A subscription: the card is kept for the later boxes, charged off-session.
    saveForOffSession: {
      email: priced.details.cart.email!,
      name: [priced.details.cart.firstName, priced.details.cart.lastName].filter(Boolean).join(' '),
    },
  };
  // One card declined again and again, whatever carts and addresses it comes through, is a card
  // tester's: its decline limit is keyed by the provider's fingerprint of the card (never the number).
  const fingerprint = await deps.payments.cardFingerprint(input.payment_method_id!);
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
      abandonedCartId: input.abandoned_cart_id,
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
    if (opening.outcome === 'opened') wakeOne(attemptsOfCart(input.abandoned_cart_id));
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
  deps: CheckoutDeps,
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
  deps: Pick<CheckoutDeps, 'db' | 'payments' | 'log'>,
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

/**
 * The first charge ends a referral's journey: the referrer's code counts one more friend (never past
 * its limit, under a row lock) and earns the credit the app settings name.
 */
async function redeemReferral(tx: Database, priced: CheckoutPricedCart): Promise<number> {
  const { cart, referralSettings } = priced.details;
  if (cart.referralCodeStatus !== 'applied' || cart.referralCodeId === null) return 0;
  if (!(await redeemReferralCode(tx, cart.referralCodeId))) return 0;
  return Math.max(0, Math.round(referralSettings.referrer_credit.amount * 100));
}

/** Cancels the hold of this key's attempt unless an order took it (a guarded update decides). */
export async function releaseHold(deps: Pick<CheckoutDeps, 'db' | 'payments' | 'log'>, key: string) {
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
  deps: Pick<CheckoutDeps, 'db' | 'payments' | 'log'>,
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

/** The same answer for the same key: the order it made, captured if the first answer was lost before. */
async function replay(
  deps: CheckoutDeps,
  order: repository.OrderRow,
  input: CompleteCheckoutBody,
): Promise<CompletedCheckout> {
  if (order.abandonedCartId !== input.abandoned_cart_id) {
    throw new AppError('conflict', 'This idempotency key belongs to another checkout.');
  }
  if (order.status === 'payment_pending' && order.paymentIntentId) {
    await capturePayment(deps, order.id, order.paymentIntentId);
  }
  // The answer to a lost response, not a way to sign in: later, the customer signs in.
  const ageMinutes = ((deps.now?.() ?? new Date()).getTime() - order.createdAt.getTime()) / 60_000;
  if (ageMinutes > REPLAY_SIGN_IN_MINUTES) {
    throw new AppError('conflict', 'This order has already been placed. Please sign in to see it.');
  }
  const { sessionToken } = await openSessionFor(deps.db, order.userId);
  return {
    status: 'completed',
    orderId: order.id,
    subscriptionId: order.subscriptionId,
    user: { id: order.userId, email: order.email },
    sessionToken: sessionToken!,
  };
}

/** "Thursday, December 3" for a calendar day: the one formatter every email shares (issue 29). */
export function formatDeliveryDate(day: string): string {
  return formatCalendarDay(day);
}
