import {
  type CheckoutSuccess,
  type CompleteCheckoutBody,
  centsToDollars,
  EMAIL_IN_USE_MESSAGE,
  GIFT_CARD_BALANCE_USED_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { isDeliveryDateChoice, isoWeekday } from '../domain/delivery-dates';
import { orderNumber } from '../domain/order-number';
import type { CardSetup, PaymentIntent, PaymentProvider } from '../domain/payment-provider';
import { AppError } from '../errors/app-error';
import type { Site } from '../lib/site';
import { createCustomer } from '../modules/accounts/service';
import { openSessionFor, sessionPartFor } from '../modules/auth/service';
import {
  type CheckoutPricedCart,
  lockCartUnchanged,
  markCartCheckedOut,
  priceCartForCheckout,
} from '../modules/carts/service';
import * as checkout from '../modules/checkout/service';
import { orderCosts, orderEmailLinks, toOrder } from '../modules/checkout/wire';
import { adoptPendingChildren } from '../modules/families/service';
import {
  lockCardsForCheckout,
  resolveCodes,
  spendForOrder,
  type UsableCard,
} from '../modules/gift-cards/service';
import { addCredit, redeemReferralCode, registerPromoCodeUsage } from '../modules/promotions/service';
import { createSubscription, startDeliveriesPart } from '../modules/subscriptions/service';
import { toSubscription } from '../modules/subscriptions/wire';
import { orderConfirmationMail } from '../platform/mail/templates';
import type { FlowDeps } from './deps';

/**
 * Checkout completion as a named sequence of steps (docs/decisions/049):
 *
 *   find-previous → check-gift-cards → price → authorize-payment → [one transaction: lock-gift-cards →
 *   lock-cart (unchanged, or priced again) → register-promotions → create-customer →
 *   create-subscription → create-order (with the first deliveries) → spend-gift-cards →
 *   credit-referrer → finish (session, confirmation mail, cart checked out)] → capture
 *
 * The only external call is the payment. It is authorized (not captured) before the transaction
 * and captured after the commit, so money moves only for an order that exists. A first box that
 * costs $0 charges nothing but still saves the card for the next boxes (a setup at the provider,
 * docs/decisions/036): the same steps, attempt and limits, and nothing to capture.
 *
 * Compensation: the steps inside the transaction are undone by its rollback. The one step outside,
 * authorize-payment, is undone by releasing the hold (`checkout.releaseHold`), which runs when the
 * checkout is refused for a business reason (an AppError) by any step after it; an infrastructure
 * failure (a lost connection) leaves the authorization for a retry with the same key, which the
 * provider answers with the same intent, to complete (or for the stale-authorization job).
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

export type CheckoutDeps = Pick<FlowDeps, 'db' | 'payments' | 'mailer' | 'log'> & {
  /** `accountUrl`: ACCOUNT_SITE_URL, where the confirmation's links go (/account when absent). */
  site: Pick<Site, 'name' | 'url' | 'accountUrl'>;
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

export {
  DECLINES_PER_CARD_PER_HOUR,
  DECLINES_PER_CART_PER_HOUR,
  DECLINES_PER_IP_PER_HOUR,
} from '../modules/checkout/service';

/** A completed key signs its browser in again only this soon after the order (a lost answer, not a login). */
export const REPLAY_SIGN_IN_MINUTES = 15;

/** The success page grant lasts long enough for a slow connection, not for a bookmark. */
const SUCCESS_GRANT_HOURS = 24;

const cartLocked = () => new AppError('cart_locked', 'This cart has already been checked out.');
const { attemptEnded, priceChanged } = checkout;

export async function completeCheckout(
  deps: CheckoutDeps,
  input: CompleteCheckoutBody,
): Promise<CheckoutResult> {
  const now = deps.now?.() ?? new Date();

  const previous = await findPrevious(deps, input);
  if (previous) return replay(deps, previous, input);

  try {
    return await attemptCheckout(deps, input, now);
  } catch (error) {
    // compensation of authorize-payment: a refused checkout releases the card's hold, whichever
    // request made it. A lost connection does not: the same key retried completes with that very
    // authorization.
    if (error instanceof AppError) await checkout.releaseHold(deps, input.idempotency_key);
    throw error;
  }
}

/**
 * find-previous: a checkout this key already completed answers the same again. Without gift cards
 * the cart tells (a checked-out cart looks the key up below, and a key of another cart meets its
 * attempt or the order's unique key), so the common path spends no statement on it; gift cards are
 * checked first, and a spent card must not hide the order it paid for.
 */
async function findPrevious(deps: CheckoutDeps, input: CompleteCheckoutBody) {
  if (!input.gift_card_codes?.length) return undefined;
  return checkout.findOrderByIdempotencyKey(deps.db, input.idempotency_key);
}

/** check-gift-cards: they pay after every other discount; checked before the card is touched. */
async function checkGiftCards(deps: CheckoutDeps, input: CompleteCheckoutBody, now: Date) {
  return input.gift_card_codes?.length
    ? await resolveCodes(deps.db, input.gift_card_codes, {
        clientIp: deps.clientIp,
        now,
        field: 'gift_card_codes',
      })
    : [];
}

/**
 * price: from database prices only, everything that is missing said at once, and never a price
 * the customer was not shown. 'checked_out': the cart was checked out (or is a customer's) already.
 */
async function priceForPayment(
  deps: CheckoutDeps,
  input: CompleteCheckoutBody,
  giftCards: UsableCard[],
  now: Date,
): Promise<CheckoutPricedCart | 'checked_out'> {
  const giftCardsAvailableCents = giftCards.reduce((sum, card) => sum + card.balanceCents, 0);
  const priced = await priceCartForCheckout(deps.db, input.abandoned_cart_id, { giftCardsAvailableCents });
  const { cart } = priced.details;
  if (cart.status === 'checked_out' || cart.profileId !== null) return 'checked_out';
  assertReady(priced, input, now);
  // Checked again under the transaction (a parallel checkout may take the email); asked here (by the
  // statement that read the cart) so a known customer is sent to sign in before anything touches the card.
  if (priced.details.emailHasAccount) {
    throw AppError.invalidField('email', EMAIL_IN_USE_MESSAGE);
  }
  if (Math.round(input.expected_total * 100) !== priced.costs.totalCents) throw priceChanged();
  return priced;
}

/**
 * authorize-payment (compensation: `checkout.releaseHold`, in completeCheckout). The provider keeps
 * the key, so a double submit makes one authorization; at $0 the card is set up instead.
 */
function authorizePayment(
  deps: CheckoutDeps,
  priced: CheckoutPricedCart,
  input: CompleteCheckoutBody,
  amountCents: number,
) {
  const { cart } = priced.details;
  return checkout.authorizeFirstBox(deps, {
    idempotencyKey: input.idempotency_key,
    abandonedCartId: input.abandoned_cart_id,
    paymentMethodId: input.payment_method_id!,
    amountCents,
    planName: priced.details.plan?.name,
    email: cart.email!,
    customerName: [cart.firstName, cart.lastName].filter(Boolean).join(' '),
  });
}

async function attemptCheckout(
  deps: CheckoutDeps,
  input: CompleteCheckoutBody,
  now: Date,
): Promise<CheckoutResult> {
  const { db } = deps;
  const giftCards = await checkGiftCards(deps, input, now);
  const priced = await priceForPayment(deps, input, giftCards, now);
  if (priced === 'checked_out') {
    // A parallel submit with this key may have committed since find-previous.
    const late = await checkout.findOrderByIdempotencyKey(db, input.idempotency_key);
    if (late) return replay(deps, late, input);
    throw cartLocked();
  }
  const amountCents = priced.costs.totalCents;

  const authorized = await authorizePayment(deps, priced, input, amountCents);
  if (authorized === 'ordered') {
    const late = await checkout.findOrderByIdempotencyKey(db, input.idempotency_key);
    if (late) return replay(deps, late, input);
    throw attemptEnded();
  }
  const payment = authorized;
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

  const outcome = await db.transaction((tx) =>
    placeOrder({ deps, tx, input, now, giftCards, priced, payment, amountCents }),
  );
  if ('replayOf' in outcome) return replay(deps, outcome.replayOf, input);
  deps.mailer.flush();
  return capture(deps, outcome, payment, amountCents > 0);
}

/** What every step of the order's transaction reads. */
type OrderContext = {
  deps: CheckoutDeps;
  tx: Database;
  input: CompleteCheckoutBody;
  now: Date;
  giftCards: UsableCard[];
  priced: CheckoutPricedCart;
  payment: PaymentIntent | CardSetup;
  amountCents: number;
};

/** The steps of the one transaction; a refusal in any of them rolls back what the others wrote. */
async function placeOrder(context: OrderContext): Promise<WrittenCheckout | { replayOf: checkout.OrderRow }> {
  const { deps, tx } = context;
  const step = async (name: CheckoutStep) => deps.beforeStep?.(name, tx);

  await step('lock-cart');
  const lockedCards = await lockGiftCards(context);
  await step('reprice');
  const locked = await lockCart(context, lockedCards);
  if ('replayOf' in locked) return locked;
  const { repriced, cart } = locked;
  const email = cart.email!;

  // Before the account exists: a new-customers-only code must still see a new customer.
  await step('register-promotions');
  const referrerCreditCents = await registerPromotions(context, repriced, email);

  await step('create-customer');
  const { userId, addressId } = await createCustomerOf(tx, cart);
  // The children told before checkout become the new account's profiles (docs/decisions/055).
  await adoptPendingChildren(tx, userId, cart.children);

  await step('create-subscription');
  const subscription = await createSubscriptionOf(context, repriced, userId, addressId);

  await step('create-order');
  const { order, lines } = await createOrder(context, repriced, { userId, email, subscription });

  await step('spend-gift-cards');
  await spendGiftCards(context, lockedCards, repriced, { orderId: order.id, userId });
  await creditReferrer(context, repriced, referrerCreditCents, { orderId: order.id, email });

  await step('finish');
  const sessionToken = await finish(context, repriced, { userId, email, order });
  return {
    completed: {
      status: 'completed' as const,
      orderId: order.id,
      subscriptionId: subscription.id,
      user: { id: userId, email },
      sessionToken,
    },
    order,
    orderLines: lines,
    subscription,
    plan: repriced.details.plan!,
  };
}

/**
 * lock-gift-cards: the cards' rows are locked until the commit, so their balances now are what this
 * order spends. (No statement without gift cards. Every checkout locks its cards before its cart.)
 */
function lockGiftCards({ tx, giftCards, now }: OrderContext) {
  return lockCardsForCheckout(
    tx,
    giftCards.map((card) => card.id),
    now,
  );
}

/**
 * lock-cart: the cart's row lock serialises completions of this cart. A cart unchanged since it was
 * priced for the card keeps that price (its products' prices are the ones the customer was shown
 * and the card holds). One that changed meanwhile, or one paid partly with gift cards, whose
 * balances count only now that they are locked, is priced again by the very statement that locks it.
 */
async function lockCart(
  { tx, input, now, giftCards, priced, amountCents }: OrderContext,
  lockedCards: Awaited<ReturnType<typeof lockCardsForCheckout>>,
): Promise<
  | { repriced: CheckoutPricedCart; cart: CheckoutPricedCart['details']['cart'] }
  | { replayOf: checkout.OrderRow }
> {
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
    const committed = await checkout.findOrderByIdempotencyKey(tx, input.idempotency_key);
    if (committed) return { replayOf: committed };
    throw cartLocked();
  }
  assertReady(repriced, input, now);
  // authorize-payment already held the card for exactly amountCents.
  if (repriced.costs.totalCents !== amountCents) {
    // Another order spent a card's balance since it was looked up: say so, not just "changed".
    throw lockedCards.some((card, index) => card.balanceCents < giftCards[index]!.balanceCents)
      ? new AppError('conflict', GIFT_CARD_BALANCE_USED_MESSAGE)
      : priceChanged();
  }
  return { repriced, cart };
}

/**
 * register-promotions: the promo code's use, and the referral code's redemption. Answers the credit
 * the referrer earns (added once the order exists: credit-referrer).
 */
async function registerPromotions(
  { tx, input, now }: OrderContext,
  repriced: CheckoutPricedCart,
  email: string,
): Promise<number> {
  const { cart } = repriced.details;
  if (repriced.promoApplies && cart.promoCodeId !== null) {
    await registerPromoCodeUsage(tx, {
      promoCodeId: cart.promoCodeId,
      email,
      cartId: input.abandoned_cart_id,
      now,
    });
  }
  return redeemReferral(tx, repriced);
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

/** create-customer: the account and the address the subscription delivers to, one statement (accounts' own). */
async function createCustomerOf(tx: Database, cart: CheckoutPricedCart['details']['cart']) {
  const customer = await createCustomer(
    tx,
    {
      email: cart.email!,
      firstName: cart.firstName!,
      lastName: cart.lastName!,
      passwordHash: cart.passwordHash!,
    },
    {
      firstName: cart.firstName!,
      lastName: cart.lastName!,
      addressLine1: cart.addressLine1!,
      addressLine2: cart.addressLine2,
      city: cart.city!,
      stateId: cart.stateId!,
      zipCodeId: cart.zipCodeId!,
      phone: cart.phone,
      deliveryInstructions: cart.deliveryInstructions,
      isDefault: true,
    },
  );
  if (customer === null) throw AppError.invalidField('email', EMAIL_IN_USE_MESSAGE);
  return customer;
}

/** create-subscription: on the plan, the first delivery's weekday, the card this checkout saved. */
function createSubscriptionOf(
  { tx, input, deps, payment }: OrderContext,
  repriced: CheckoutPricedCart,
  userId: number,
  addressId: number,
) {
  const { cart } = repriced.details;
  return createSubscription(tx, {
    userId,
    planId: repriced.details.plan!.id,
    addressId,
    frequencyWeeks: input.frequency_weeks,
    deliveryWeekday: isoWeekday(input.first_delivery_date),
    nextDeliveryDate: input.first_delivery_date,
    // The card later boxes are charged to, off-session (saved with the first payment).
    ...savedCardOf(deps.payments, payment, input),
    // Its tiers 2, 3 … price the later boxes.
    promoCodeId: repriced.promoApplies ? cart.promoCodeId : null,
    partnershipId: cart.partnershipId,
  });
}

type NewSubscription = Awaited<ReturnType<typeof createSubscription>>;

/**
 * create-order: the order, its lines, the success page's one-time grant, the claim of the card's
 * hold (authorized → ordered) and the subscription's boxes, one statement. The first box is a
 * delivery too (decision 021): the later boxes copy its meals, not its add-ons.
 */
async function createOrder(
  { tx, input, now, deps, payment, amountCents }: OrderContext,
  repriced: CheckoutPricedCart,
  placed: { userId: number; email: string; subscription: NewSubscription },
): Promise<{ order: checkout.OrderRow; lines: checkout.NewOrderLine[] }> {
  const { cart } = repriced.details;
  const { costs } = repriced;
  /** Money moves for this order (else the card was only saved: nothing to capture). */
  const charged = amountCents > 0;
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
  const boxes = startDeliveriesPart({
    subscription: placed.subscription,
    deliveryDate: input.first_delivery_date,
    items: repriced.boxLines.map(({ line }) => ({ productId: line.product.id, quantity: line.quantity })),
    asOf: now,
  });
  const { claimed, ...order } = await checkout.placeCheckoutOrder(
    tx,
    {
      userId: placed.userId,
      subscriptionId: placed.subscription.id,
      abandonedCartId: input.abandoned_cart_id,
      idempotencyKey: input.idempotency_key,
      status: charged ? 'payment_pending' : 'paid',
      email: placed.email,
      deliveryDate: input.first_delivery_date,
      frequencyWeeks: input.frequency_weeks,
      shipFirstName: cart.firstName!,
      shipLastName: cart.lastName!,
      shipAddressLine1: cart.addressLine1!,
      shipAddressLine2: cart.addressLine2,
      shipCity: cart.city!,
      shipStateCode: repriced.details.state?.code ?? '',
      shipZipCode: repriced.details.zip?.code ?? '',
      phone: cart.phone,
      deliveryInstructions: cart.deliveryInstructions,
      promoCodeId: repriced.promoApplies ? cart.promoCodeId : null,
      partnershipId: cart.partnershipId,
      referralCodeId: cart.referralCodeStatus === 'applied' ? cart.referralCodeId : null,
      discountDescription: repriced.promoApplies
        ? (repriced.details.promo?.descriptionCheckout ?? null)
        : null,
      ...checkout.orderCostColumns(costs),
      // A $0 order was paid by nothing: its saved card belongs to the subscription.
      paymentProvider: charged ? deps.payments.name : null,
      paymentIntentId: charged ? payment.id : null,
      cardBrand: charged ? (payment.card?.brand ?? null) : null,
      cardLast4: charged ? (payment.card?.last4 ?? null) : null,
    },
    lines,
    new Date(now.getTime() + SUCCESS_GRANT_HOURS * 3_600_000),
    input.idempotency_key,
    [boxes],
  );
  // The hold (or the saved card) became this order's only if no refusal released it meanwhile
  // (never both): if one did, everything this transaction wrote is rolled back.
  if (!claimed) throw attemptEnded();
  return { order, lines };
}

/** spend-gift-cards: the locked cards pay what the pricing applied of them, against this order. */
async function spendGiftCards(
  { tx, now }: OrderContext,
  lockedCards: Awaited<ReturnType<typeof lockCardsForCheckout>>,
  repriced: CheckoutPricedCart,
  placed: { orderId: number; userId: number },
) {
  if (repriced.costs.giftCardsAppliedCents <= 0) return;
  await spendForOrder(tx, {
    cards: lockedCards,
    appliedCents: repriced.costs.giftCardsAppliedCents,
    orderId: placed.orderId,
    userId: placed.userId,
    kind: 'checkout',
    description: `Order ${orderNumber(placed.orderId)}`,
    now,
  });
}

/** credit-referrer: the referrer's credit, pending until the friend's first box is delivered. */
async function creditReferrer(
  { tx, input }: OrderContext,
  repriced: CheckoutPricedCart,
  referrerCreditCents: number,
  placed: { orderId: number; email: string },
) {
  if (referrerCreditCents <= 0 || !repriced.details.referral) return;
  await addCredit(tx, {
    userId: repriced.details.referral.userId,
    amountCents: referrerCreditCents,
    reason: `Referral: ${placed.email}'s first box`,
    orderId: placed.orderId,
    availableAt: new Date(`${input.first_delivery_date}T23:59:59Z`),
  });
}

/**
 * finish: the customer signed in (open-session) and the confirmation queued (queue-mail) by the
 * statement that checks the cart out. The mail leaves once the transaction commits (mailer.flush).
 */
async function finish(
  { tx, input, deps }: OrderContext,
  repriced: CheckoutPricedCart,
  placed: { userId: number; email: string; order: checkout.OrderRow },
): Promise<string> {
  const { order } = placed;
  const session = sessionPartFor(placed.userId);
  const confirmation = deps.mailer.queuePart(
    placed.email,
    'order-confirmation',
    orderConfirmationMail({
      siteName: deps.site.name,
      firstName: repriced.details.cart.firstName!,
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
  await markCartCheckedOut(tx, input.abandoned_cart_id, placed.userId, [confirmation, session.part]);
  return session.sessionToken!;
}

/**
 * capture: after the commit, the order's money moves (a failure is left to the capture job); the
 * answer is built from the rows the transaction wrote.
 */
async function capture(
  deps: CheckoutDeps,
  outcome: WrittenCheckout,
  payment: PaymentIntent | CardSetup,
  charged: boolean,
): Promise<CompletedCheckout> {
  const captured = charged
    ? await checkout.capturePayment(deps, outcome.completed.orderId, payment.id)
    : 'paid';
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
  order: checkout.OrderRow;
  orderLines: checkout.NewOrderLine[];
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
  const problems = checkout.checkoutProblems({
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

/** The same answer for the same key: the order it made, captured if the first answer was lost before. */
async function replay(
  deps: CheckoutDeps,
  order: checkout.OrderRow,
  input: CompleteCheckoutBody,
): Promise<CompletedCheckout> {
  if (order.abandonedCartId !== input.abandoned_cart_id) {
    throw new AppError('conflict', 'This idempotency key belongs to another checkout.');
  }
  if (order.status === 'payment_pending' && order.paymentIntentId) {
    await checkout.capturePayment(deps, order.id, order.paymentIntentId);
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
