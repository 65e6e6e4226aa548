import {
  calendarDay,
  cardBrandName,
  centsToDollars,
  deliveryPaymentPath,
  formatCalendarDay,
  formatZonedDay,
  isoWeekday,
  RESUME_WITH_CARD_PATH,
  weekdayName,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { DELIVERY_TIME_ZONE } from '../domain/delivery-dates';
import type { PaymentIntent } from '../domain/payment-provider';
import { accountPageUrl, type Site } from '../lib/site';
import {
  createRenewalOrder,
  customerOrder,
  orderCostColumns,
  settleRenewalOrder,
} from '../modules/checkout/service';
import { accountBalanceCents, lockAccountGiftCards, spendForOrder } from '../modules/gift-cards/service';
import { addCredit } from '../modules/promotions/service';
import * as subscriptions from '../modules/subscriptions/service';
import {
  authenticationDeadline,
  ensureUpcomingDeliveries,
  listSubscriptionsShortOfDeliveries,
  nextRetryAt,
  type PricedDelivery,
  pauseSubscription,
  priceDelivery,
  REMINDER_HOURS_BEFORE_CUTOFF,
  refreshNextDeliveryDates,
} from '../modules/subscriptions/service';
import {
  deliveryReminderMail,
  paymentAuthenticationMail,
  paymentFailedMail,
  renewalReceiptMail,
  subscriptionPausedMail,
} from '../platform/mail/templates';
import type { FlowDeps } from './deps';
import { fillClaimedBox } from './smart-box';

/**
 * The renewal engine (docs/decisions/021), as steps every replica may run at once:
 *
 *   top-up: every active subscription keeps its next eight boxes as rows;
 *   remind: 24 hours before a box's cutoff its customer is told what arrives and until when it can change;
 *   lock:   at the cutoff [one transaction: claim the row (SKIP LOCKED) → fill to the plan's size →
 *           ordinal → price → order + lines + cost lines → spend credits] ;
 *   charge: [claim the due row: a lease on the database's real clock] → charge the saved card
 *           off-session with the box's key → [if the claim is still ours: charged | failed,
 *           retried 1 and 3 days after the first try | canceled + subscription paused |
 *           waiting for its customer's 3-D Secure step until the last try's day (decision 041)].
 *
 * Rows are claimed one at a time with FOR UPDATE SKIP LOCKED, so concurrent runs share the work and
 * never take the same box; the order's unique idempotency key `renewal-{subscription}-{date}` and
 * the charge made with it mean a repeated run finds the same order and the same charge. A charge's
 * due time is the jobs' clock (a run may be dated ahead), its claim is real time: a run dated ahead
 * leaves alone a charge another process is making, and only the claim's holder records the outcome.
 */

/**
 * The one dependency set (app.deps); `chargeLeaseMs`: how long a claimed charge is its claimer's
 * (CHARGE_LEASE_MS unless a test shortens it).
 */
export type RenewalRun = FlowDeps & { chargeLeaseMs?: number };

/** Rows one pass handles at most, per step: the next pass takes the rest. */
const BATCH = 100;
/**
 * A claimed charge is its claimer's for this long, in real time; a crash leaves it to the next pass
 * after it. Far longer than a provider's answer can take (Stripe's client gives up after three
 * tries of 20 s), so a charge is never taken over while its first claimer can still record it.
 */
const CHARGE_LEASE_MS = 10 * 60_000;

export const renewalKey = (subscriptionId: number, date: string) => `renewal-${subscriptionId}-${date}`;

/**
 * The key of a box's n-th charge (0 first). Retries need keys of their own: a provider answers a
 * key it has seen with its first answer, and that answer was the decline.
 */
export const chargeKey = (subscriptionId: number, date: string, attempt: number) =>
  attempt === 0 ? renewalKey(subscriptionId, date) : `${renewalKey(subscriptionId, date)}-retry-${attempt}`;

const clockOf = (asOf: Date | null) => asOf ?? new Date();

/** "Tuesday, December 1" for a calendar day: the one formatter every email shares (docs/decisions/042). */
const formatDay = (day: string) => formatCalendarDay(day);

/** "Friday noon": the cutoff is always noon, kitchen time (another hour changes the word: decision 054). */
function formatCutoff(cutoffAt: Date): string {
  return `${weekdayName(isoWeekday(calendarDay(cutoffAt, DELIVERY_TIME_ZONE)))} noon`;
}

const formatInstantDay = (instant: Date) => formatZonedDay(instant, DELIVERY_TIME_ZONE);

function accountLinks(site: Site) {
  const account = accountPageUrl(site);
  // A subscription paused by failed charges comes back in one step there: a new card, and resume.
  const resume = new URL(RESUME_WITH_CARD_PATH, site.url).toString();
  return {
    account,
    updateCard: `${account}/payment-method`,
    resume,
    // The page lives on the account site, behind its sign-in: the link carries no credential.
    pay: (date: string) => new URL(deliveryPaymentPath(date), `${account}/`).toString(),
  };
}

/**
 * The receipt of a paid renewal (docs/decisions/042), queued with the charge's outcome in its transaction:
 * the order as its receipt page shows it, every cost line, and the card it was charged to.
 */
async function queueRenewalReceipt(
  deps: Pick<RenewalRun, 'mailer' | 'site'>,
  tx: Database,
  context: Context,
  orderId: number,
): Promise<void> {
  const order = await customerOrder(tx, context.subscription.userId, orderId);
  const account = accountLinks(deps.site).account;
  const card = order.payment?.last4
    ? `${cardBrandName(order.payment.brand) ?? 'card'} ending in ${order.payment.last4}`
    : null;
  await deps.mailer.queue(
    tx,
    context.email,
    'renewal-receipt',
    renewalReceiptMail({
      siteName: deps.site.name,
      firstName: context.firstName ?? context.address.firstName,
      orderNumber: order.number,
      deliveryDate: order.delivery_date,
      lines: order.lines.map((line) => ({ name: line.name, quantity: line.quantity, total: line.total })),
      costs: order.costs,
      discountDescription: order.discount_description,
      paidWith: card,
      orderUrl: `${account}/orders/${order.id}`,
      deliveriesUrl: `${account}/deliveries`,
    }),
    // One receipt per order, whichever pass recorded the charge (docs/decisions/008).
    { eventKey: `renewal-receipt:${order.id}` },
  );
}

// ─── Top-up ──────────────────────────────────────────────────────────────────────────────────

/** Keeps every active subscription at its eight upcoming rows as time passes. */
export async function topUpDeliveries(deps: Pick<RenewalRun, 'db'>, asOf: Date | null): Promise<number> {
  const ids = await listSubscriptionsShortOfDeliveries(deps.db, asOf, BATCH);
  let made = 0;
  for (const id of ids) made += await deps.db.transaction((tx) => ensureUpcomingDeliveries(tx, id, asOf));
  // Delivered boxes move every subscription's next delivery date on.
  await refreshNextDeliveryDates(deps.db, asOf);
  return made;
}

// ─── Reminders ───────────────────────────────────────────────────────────────────────────────

/** The "edit or skip until …" email, once per box, 24 hours before its cutoff. */
export async function sendDeliveryReminders(deps: RenewalRun, asOf: Date | null): Promise<number> {
  let sent = 0;
  for (; sent < BATCH; sent++) {
    const done = await deps.db.transaction(async (tx) => {
      const delivery = await subscriptions.claimDueReminder(tx, asOf, REMINDER_HOURS_BEFORE_CUTOFF);
      if (!delivery) return false;
      await subscriptions.transitionDelivery(tx, delivery.id, ['scheduled'], {
        reminderSentAt: clockOf(asOf),
      });
      // A family's short box is filled first (docs/decisions/055): the email lists the picks, so
      // the parent sees them and can change them before the cutoff.
      await fillClaimedBox(tx, delivery);
      const priced = await priceDelivery(
        tx,
        { subscriptionId: delivery.subscriptionId, date: delivery.deliveryDate },
        { asOf, giftCards: accountBalanceCents },
      );
      const context = (await subscriptions.findPricingContext(tx, delivery.subscriptionId))!;
      await deps.mailer.queue(
        tx,
        context.email,
        'delivery-reminder',
        deliveryReminderMail({
          siteName: deps.site.name,
          firstName: context.firstName ?? context.address.firstName,
          deliveryDate: formatDay(delivery.deliveryDate),
          cutoff: formatCutoff(delivery.cutoffAt),
          // The box as it will be made and charged (decision 039): filled to the plan's size.
          itemCount: priced.madeLines.reduce((sum, line) => sum + line.quantity, 0),
          payment: {
            giftCards: centsToDollars(priced.costs.giftCardsAppliedCents),
            card: centsToDollars(priced.costs.totalCents),
            cardOnFile: priced.cardOnFile,
          },
          accountUrl: accountLinks(deps.site).account,
          picks: priced.lines.flatMap((line) =>
            line.pickedQuantity && line.pickReason
              ? [{ name: line.name, quantity: line.pickedQuantity, reason: line.pickReason }]
              : [],
          ),
        }),
        { eventKey: `delivery-reminder:${delivery.id}` },
      );
      return true;
    });
    if (!done) break;
  }
  if (sent > 0) deps.mailer.flush();
  return sent;
}

// ─── Lock at the cutoff ──────────────────────────────────────────────────────────────────────

type LockOutcome = 'locked' | 'charged' | 'canceled';

/**
 * Locks, prices and orders the boxes past their cutoff, one transaction per box. With a mailer, a
 * box that gift cards and credits pay whole gets its receipt at once (there is no charge to wait for).
 */
export async function lockBoxesPastCutoff(
  deps: Pick<RenewalRun, 'db' | 'log'> & Partial<Pick<RenewalRun, 'mailer' | 'site'>>,
  asOf: Date | null,
): Promise<Record<LockOutcome, number>> {
  const outcome: Record<LockOutcome, number> = { locked: 0, charged: 0, canceled: 0 };
  const receipts = deps.mailer && deps.site ? { mailer: deps.mailer, site: deps.site } : null;
  for (let index = 0; index < BATCH; index++) {
    const result = await deps.db.transaction(async (tx) => {
      const delivery = await subscriptions.claimBoxPastCutoff(tx, asOf);
      return delivery ? lockBox(tx, delivery, asOf, receipts) : null;
    });
    if (!result) break;
    outcome[result] += 1;
  }
  if (receipts && outcome.charged > 0) receipts.mailer.flush();
  return outcome;
}

async function lockBox(
  tx: Database,
  delivery: subscriptions.DeliveryRow,
  asOf: Date | null,
  receipts: Pick<RenewalRun, 'mailer' | 'site'> | null,
): Promise<LockOutcome> {
  const { subscriptionId, deliveryDate } = delivery;
  const context = (await subscriptions.findPricingContext(tx, subscriptionId))!;
  // The account's gift cards pay before the saved card (docs/decisions/024), locked until the commit.
  const giftCards = await lockAccountGiftCards(tx, context.subscription.userId, clockOf(asOf));
  // A box still short at its cutoff (made short after its reminder's picks) gets the fill-up the
  // account showed priced, not new picks: what was shown is what is charged (docs/decisions/055).
  // Priced by the one rule the account showed (decision 039): filled to the plan's size, only what
  // a box may hold, the tier of its ordinal, credit, then the gift card balance.
  const priced = await priceDelivery(
    tx,
    { subscriptionId, date: deliveryDate },
    { asOf, giftCards: giftCards.reduce((sum, card) => sum + card.balanceCents, 0) },
  );
  if (priced.madeLines.length === 0) {
    // Nothing to make and nothing to fill it with: no order, no charge.
    await subscriptions.transitionDelivery(tx, delivery.id, ['scheduled'], { status: 'canceled' });
    return 'canceled';
  }
  const contents = await subscriptions.listDeliveryContents(tx, delivery.id);
  const made = priced.madeLines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
  if (JSON.stringify(sortedContents(made)) !== JSON.stringify(sortedContents(contents))) {
    await subscriptions.replaceDeliveryItems(tx, delivery.id, made);
  }

  const { weeklyOrdinal } = priced;
  await subscriptions.transitionDelivery(tx, delivery.id, ['scheduled'], { status: 'locked', weeklyOrdinal });
  const { order } = await createRenewalOrder(
    tx,
    renewalOrder(context, delivery, priced, clockOf(asOf)),
    orderLines(priced),
  );
  if (priced.costs.giftCardsAppliedCents > 0) {
    await spendForOrder(tx, {
      cards: giftCards,
      appliedCents: priced.costs.giftCardsAppliedCents,
      orderId: order.id,
      userId: context.subscription.userId,
      kind: 'renewal',
      description: `Box of ${deliveryDate}`,
      now: clockOf(asOf),
    });
  }

  const spentCents = priced.costs.creditsAppliedCents + priced.costs.referralCreditsAppliedCents;
  if (spentCents > 0) {
    // Credits are spent before the card, with the order (a ledger debit).
    await addCredit(tx, {
      userId: context.subscription.userId,
      amountCents: -spentCents,
      reason: `Box of ${deliveryDate}`,
      orderId: order.id,
    });
  }
  if (order.totalCents === 0) {
    await settleRenewalOrder(tx, order.id, {
      status: 'paid',
      paymentProvider: null,
      paymentIntentId: null,
      cardBrand: null,
      cardLast4: null,
    });
    await subscriptions.transitionDelivery(tx, delivery.id, ['locked'], {
      status: 'charged',
      orderId: order.id,
    });
    if (receipts) await queueRenewalReceipt(receipts, tx, context, order.id);
    return 'charged';
  }
  const firstChargeAt = clockOf(asOf);
  await subscriptions.transitionDelivery(tx, delivery.id, ['locked'], {
    orderId: order.id,
    chargeAttempts: 0,
    nextChargeAt: firstChargeAt,
    firstChargeAt,
  });
  return 'locked';
}

type Context = NonNullable<Awaited<ReturnType<typeof subscriptions.findPricingContext>>>;

function renewalOrder(
  context: Context,
  delivery: subscriptions.DeliveryRow,
  priced: PricedDelivery,
  createdAt: Date,
) {
  const { subscription, address, costs } = { ...context, costs: priced.costs };
  return {
    // Dated by the jobs' clock, the instant the box was locked (the dashboard's days: docs/decisions/027).
    createdAt,
    userId: subscription.userId,
    subscriptionId: subscription.id,
    abandonedCartId: null,
    deliveryId: delivery.id,
    idempotencyKey: renewalKey(subscription.id, delivery.deliveryDate),
    weeklyOrdinal: priced.weeklyOrdinal,
    status: 'payment_pending' as const,
    email: context.email,
    deliveryDate: delivery.deliveryDate,
    frequencyWeeks: subscription.frequencyWeeks,
    shipFirstName: address.firstName,
    shipLastName: address.lastName,
    shipAddressLine1: address.addressLine1,
    shipAddressLine2: address.addressLine2,
    shipCity: address.city,
    shipStateCode: context.stateCode,
    shipZipCode: context.zipCode,
    phone: address.phone,
    deliveryInstructions: address.deliveryInstructions,
    promoCodeId: priced.discountDescription ? subscription.promoCodeId : null,
    partnershipId: subscription.partnershipId,
    referralCodeId: null,
    discountDescription: priced.discountDescription,
    ...orderCostColumns(costs),
  };
}

function sortedContents(items: readonly { productId: number; quantity: number }[]) {
  return [...items].sort((a, b) => a.productId - b.productId);
}

function orderLines(priced: PricedDelivery) {
  return priced.madeLines.map((line) => ({
    productId: line.productId,
    isUpsell: false,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    regularUnitPriceCents: line.regularUnitPriceCents,
  }));
}

// ─── Charge ──────────────────────────────────────────────────────────────────────────────────

/**
 * `superseded`: another pass took the claim over before this one had the provider's answer.
 * `authentication_required`: the bank asked for 3-D Secure; the box waits for its customer.
 */
type ChargeOutcome =
  | 'charged'
  | 'declined'
  | 'authentication_required'
  | 'canceled'
  | 'errored'
  | 'superseded';

/** Charges every box whose charge is due (just locked, or a retry), one claim at a time. */
export async function chargeDueBoxes(
  deps: RenewalRun,
  asOf: Date | null,
): Promise<Record<ChargeOutcome, number>> {
  const outcome: Record<ChargeOutcome, number> = {
    charged: 0,
    declined: 0,
    authentication_required: 0,
    canceled: 0,
    errored: 0,
    superseded: 0,
  };
  for (let index = 0; index < BATCH; index++) {
    const claim = await claimCharge(deps.db, asOf, deps.chargeLeaseMs ?? CHARGE_LEASE_MS);
    if (!claim) break;
    outcome[await chargeBox(deps, claim)] += 1;
  }
  if (outcome.charged + outcome.declined + outcome.canceled + outcome.authentication_required > 0) {
    deps.mailer.flush();
  }
  return outcome;
}

type Claim = {
  /** The box as claimed: its `chargeClaims` names this claim, its `nextChargeAt` is this try's due time. */
  delivery: subscriptions.DeliveryRow;
  context: Context;
  order: { id: number; totalCents: number; giftCardsAppliedCents: number };
};

/** Takes a due charge for this pass, leased for `leaseMs` of real time (subscriptions.claimDueCharge). */
async function claimCharge(db: Database, asOf: Date | null, leaseMs: number): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    const delivery = await subscriptions.claimDueCharge(tx, asOf, leaseMs);
    if (!delivery) return null;
    const context = (await subscriptions.findPricingContext(tx, delivery.subscriptionId))!;
    const row = await subscriptions.findDeliveryWithItems(tx, delivery.subscriptionId, delivery.deliveryDate);
    return {
      delivery,
      context,
      order: {
        id: delivery.orderId!,
        totalCents: row!.order!.totalCents!,
        giftCardsAppliedCents: row!.order!.giftCardsAppliedCents ?? 0,
      },
    };
  });
}

async function chargeBox(deps: RenewalRun, claim: Claim): Promise<ChargeOutcome> {
  const { delivery, context, order } = claim;
  const { subscription } = context;
  let intent: PaymentIntent | null = null;
  if (delivery.authenticationIntentId) {
    // The box waits for its customer's 3-D Secure step and is due: its last day has come, or a new
    // card is to be charged at once. The waiting intent is canceled first, so it can never be paid
    // as well; one its customer paid meanwhile cannot be, and is the box's charge.
    const pending = await settleWaitingIntent(deps, delivery.id, delivery.authenticationIntentId);
    if (!pending) return 'errored';
    if (pending.status === 'succeeded') intent = pending;
    else if (delivery.nextChargeAt!.getTime() >= authenticationDeadline(firstChargeOf(delivery)).getTime()) {
      // Not authenticated by the last try's day: the failed-renewal path, as after a last decline.
      return deps.db.transaction((tx) => declined(deps, tx, claim, { final: true }));
    }
  }
  if (intent) {
    // Paid by its customer: recorded below.
  } else if (subscription.paymentMethodId && subscription.paymentProvider === deps.payments.name) {
    try {
      intent = await deps.payments.chargeOffSession({
        amountCents: order.totalCents,
        currency: 'usd',
        paymentMethodId: subscription.paymentMethodId,
        customerId: subscription.paymentCustomerId,
        idempotencyKey: chargeKey(subscription.id, delivery.deliveryDate, delivery.chargeAttempts),
        description: `${deps.site.name}: box of ${delivery.deliveryDate}`,
        metadata: { kind: 'renewal', delivery_date: delivery.deliveryDate },
      });
    } catch (error) {
      // An outage, not a decline: the lease runs out and a later pass asks again with the same key.
      deps.log.error(
        { err: error, deliveryId: delivery.id },
        'charging a renewal failed; it will be retried',
      );
      return 'errored';
    }
  }

  return deps.db.transaction(async (tx) => {
    if (intent && intent.status === 'succeeded') {
      const recorded = await subscriptions.recordChargeOutcome(tx, delivery.id, delivery.chargeClaims, {
        status: 'charged',
        chargeAttempts: delivery.chargeAttempts + 1,
        nextChargeAt: null,
      });
      // Taken over: the pass holding the claim asks with the same key and records this same charge.
      if (!recorded) return 'superseded' as const;
      await settleRenewalOrder(tx, order.id, {
        status: 'paid',
        paymentProvider: deps.payments.name,
        paymentIntentId: intent.id,
        cardBrand: intent.card?.brand ?? subscription.cardBrand,
        cardLast4: intent.card?.last4 ?? subscription.cardLast4,
      });
      await queueRenewalReceipt(deps, tx, context, order.id);
      return 'charged' as const;
    }
    if (intent && intent.status === 'requires_authentication')
      return awaitAuthentication(deps, tx, claim, intent);
    return declined(deps, tx, claim);
  });
}

/** When the box's first charge was due (a box locked before migration 0027: this try's). */
const firstChargeOf = (delivery: subscriptions.DeliveryRow) =>
  delivery.firstChargeAt ?? delivery.nextChargeAt!;

/**
 * Cancels the intent a box waited on for its customer's authentication; answers it as it ends
 * (canceled, or succeeded when its customer paid it first), or null when the provider did not
 * answer (the lease runs out and a later pass tries again).
 */
async function settleWaitingIntent(
  deps: RenewalRun,
  deliveryId: number,
  intentId: string,
): Promise<PaymentIntent | null> {
  try {
    return await deps.payments.cancel(intentId);
  } catch (error) {
    try {
      // A paid intent cannot be canceled: read how it ended.
      const current = await deps.payments.retrieve(intentId);
      if (current.status === 'succeeded' || current.status === 'canceled') return current;
    } catch {
      // Reported below.
    }
    deps.log.error({ err: error, deliveryId }, 'ending a renewal that waited for authentication failed');
    return null;
  }
}

/**
 * The bank asked for 3-D Secure, which an absent customer cannot give (decision 041). Not a decline:
 * no retry is made (it would ask again), the customer gets the link to confirm the payment on the
 * account site, and the box waits for it until its last try's day (`authenticationDeadline`). A
 * try that asks on that day has no time left: it is a decline.
 */
async function awaitAuthentication(
  deps: RenewalRun,
  tx: Database,
  claim: Claim,
  intent: PaymentIntent,
): Promise<ChargeOutcome> {
  const { delivery, context, order } = claim;
  const firstChargeAt = firstChargeOf(delivery);
  const deadline = authenticationDeadline(firstChargeAt);
  if (deadline.getTime() <= delivery.nextChargeAt!.getTime()) return declined(deps, tx, claim);
  const recorded = await subscriptions.recordChargeOutcome(tx, delivery.id, delivery.chargeClaims, {
    status: 'failed',
    // A try made: the next charge (a new card) needs a key of its own.
    chargeAttempts: delivery.chargeAttempts + 1,
    nextChargeAt: deadline,
    firstChargeAt,
    authenticationIntentId: intent.id,
  });
  if (!recorded) return 'superseded';
  await deps.mailer.queue(
    tx,
    context.email,
    'payment-authentication',
    paymentAuthenticationMail({
      siteName: deps.site.name,
      firstName: context.firstName ?? context.address.firstName,
      deliveryDate: formatDay(delivery.deliveryDate),
      payment: {
        giftCards: centsToDollars(order.giftCardsAppliedCents),
        card: centsToDollars(intent.amountCents),
      },
      deadline: formatInstantDay(deadline),
      payUrl: accountLinks(deps.site).pay(delivery.deliveryDate),
    }),
    { eventKey: `payment-authentication:${delivery.id}:${intent.id}` },
  );
  return 'authentication_required';
}

/**
 * A declined charge (or no card to charge): retried one and three days after the first try, then
 * the box is canceled and the subscription paused. The customer hears of both, with the link to
 * update the card.
 */
async function declined(
  deps: RenewalRun,
  tx: Database,
  claim: Claim,
  /** `final`: no try was made, the box's time is up (a 3-D Secure step never made: decision 041). */
  options: { final?: boolean } = {},
): Promise<ChargeOutcome> {
  const { delivery, context, order } = claim;
  const attempts = delivery.chargeAttempts + (options.final ? 0 : 1);
  // The retry days count from the first try, however late this one ran or was asked for (a new
  // card is charged at once). A box locked by a replica still running the code before migration
  // 0027 has no first try written: this try is taken as its first.
  const firstChargeAt = delivery.firstChargeAt ?? delivery.nextChargeAt!;
  const nextChargeAt = options.final ? null : nextRetryAt(firstChargeAt, attempts);
  const links = accountLinks(deps.site);
  if (nextChargeAt) {
    const recorded = await subscriptions.recordChargeOutcome(tx, delivery.id, delivery.chargeClaims, {
      status: 'failed',
      chargeAttempts: attempts,
      nextChargeAt,
      firstChargeAt,
    });
    if (!recorded) return 'superseded';
    await deps.mailer.queue(
      tx,
      context.email,
      'payment-failed',
      paymentFailedMail({
        siteName: deps.site.name,
        firstName: context.firstName ?? context.address.firstName,
        deliveryDate: formatDay(delivery.deliveryDate),
        payment: {
          giftCards: centsToDollars(order.giftCardsAppliedCents),
          card: centsToDollars(order.totalCents),
          cardOnFile: context.subscription.paymentMethodId !== null,
        },
        nextAttempt: formatInstantDay(nextChargeAt),
        updateCardUrl: links.updateCard,
      }),
      // One mail per declined attempt, whichever run recorded it (docs/decisions/008).
      { eventKey: `payment-failed:${delivery.id}:${attempts}` },
    );
    return 'declined';
  }
  const recorded = await subscriptions.recordChargeOutcome(tx, delivery.id, delivery.chargeClaims, {
    status: 'canceled',
    chargeAttempts: attempts,
    nextChargeAt: null,
  });
  if (!recorded) return 'superseded';
  await settleRenewalOrder(tx, order.id, {
    status: 'canceled',
    paymentProvider: null,
    paymentIntentId: null,
    cardBrand: null,
    cardLast4: null,
  });
  await pauseSubscription(tx, context.subscription.id, delivery.deliveryDate);
  await deps.mailer.queue(
    tx,
    context.email,
    'subscription-paused',
    subscriptionPausedMail({
      siteName: deps.site.name,
      firstName: context.firstName ?? context.address.firstName,
      deliveryDate: formatDay(delivery.deliveryDate),
      updateCardUrl: links.resume,
      accountUrl: links.resume,
    }),
    { eventKey: `subscription-paused:${delivery.id}` },
  );
  return 'canceled';
}
