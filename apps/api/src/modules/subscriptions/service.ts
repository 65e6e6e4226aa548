import {
  boxMayHold,
  type Delivery,
  type DeliveryItemBody,
  notInBoxMessage,
  type Subscription,
  UPCOMING_DELIVERY_COUNT,
} from '@sprout/contracts';
import type { Database, StatementPart } from '@sprout/db';
import type { CostBreakdown } from '../../domain/costs';
import { calendarDay, DELIVERY_TIME_ZONE } from '../../domain/delivery-dates';
import { tierFromJson } from '../../domain/discounts';
import { AppError } from '../../errors/app-error';
import { readOncePerPage } from '../../lib/page-reads';
import { type BoxToCharge, type ChargeItem, chargeBoxes, holdable, needsPreviousItems } from './box-charge';
import { type PricedBoxLine, priceBox } from './box-pricing';
import * as repository from './repository';
import { deliveryCutoff, deliveryDatesAfter } from './schedule';
import { toDelivery, toSubscription } from './wire';

/**
 * A subscription's boxes (docs/decisions/021): the next eight exist as rows; each is priced from
 * the database whenever it is shown and once more, for good, at its cutoff.
 */

export type SubscriptionRow = repository.SubscriptionRow;
export type DeliveryRow = repository.DeliveryRow;

/**
 * The account's spendable gift card balance (decision 024): the gift-cards module's answer, handed
 * from above (docs/decisions/048) so that it is asked beside this module's own reads.
 */
export type GiftCardBalance = (db: Database, userId: number, now: Date) => Promise<number>;

// ─── Subscriptions ───────────────────────────────────────────────────────────────────────────

/** Checkout's subscription, in its transaction. */
export function createSubscription(
  tx: Database,
  subscription: repository.NewSubscription,
): Promise<SubscriptionRow> {
  return repository.insertSubscription(tx, subscription);
}

export function findSubscriptionWithPlan(db: Database, subscriptionId: number) {
  return repository.findSubscriptionWithPlan(db, subscriptionId);
}

/** The customer's current subscription (the newest not canceled) with its plan. */
export function findCurrentSubscriptionWithPlan(db: Database, userId: number) {
  return repository.findCurrentSubscriptionWithPlan(db, userId);
}

/**
 * The customer's subscription when their newest one is canceled (null otherwise): what the
 * account says instead of "no subscription yet", with the way back (/reactivate).
 */
export async function findCanceledSubscription(
  db: Database,
  userId: number,
): Promise<{ id: number; plan_name: string; canceled_at: string | null } | null> {
  const latest = await repository.findLatestSubscription(db, userId);
  if (latest?.subscription.status !== 'canceled') return null;
  const { subscription, plan } = latest;
  return {
    id: subscription.id,
    plan_name: plan.name,
    canceled_at: subscription.canceledAt?.toISOString() ?? null,
  };
}

/**
 * Pauses a subscription in the caller's transaction: its scheduled boxes from `fromDate` on are
 * skipped (decision 021), so nothing is made or charged until it is resumed.
 */
export async function pauseSubscription(
  tx: Database,
  subscriptionId: number,
  fromDate: string,
): Promise<void> {
  await repository.updateSubscription(tx, subscriptionId, { status: 'paused', pausedAt: new Date() });
  await repository.skipScheduledDeliveries(tx, subscriptionId, fromDate);
  await repository.refreshNextDeliveryDates(tx, fromDate, subscriptionId);
}

// ─── Making the rows ─────────────────────────────────────────────────────────────────────────

/**
 * A new subscription's boxes, as a part of the statement that writes checkout's order (decision
 * 033): the first box (`charged`, made by that order, with its box lines, not the add-ons) and the
 * next ones up to UPCOMING_DELIVERY_COUNT, each a copy of the first, as ensureUpcomingDeliveries
 * would make them. The subscription was inserted in this very transaction, so nothing else can hold
 * its rows yet: no lock, and no box of its own on those dates.
 */
export function startDeliveriesPart(first: {
  subscription: Pick<SubscriptionRow, 'id' | 'status' | 'frequencyWeeks' | 'deliveryWeekday'>;
  deliveryDate: string;
  items: repository.DeliveryContent[];
  asOf: Date;
}): StatementPart {
  const { subscription } = first;
  const firstCutoff = deliveryCutoff(first.deliveryDate);
  const missing =
    subscription.status === 'active'
      ? UPCOMING_DELIVERY_COUNT - (firstCutoff.getTime() > first.asOf.getTime() ? 1 : 0)
      : 0;
  return repository.deliveriesWithItemsPart(
    subscription.id,
    [
      {
        deliveryDate: first.deliveryDate,
        cutoffAt: firstCutoff,
        status: 'charged',
        weeklyOrdinal: 1,
        ofHostOrder: true,
      },
      ...upcomingDates(first.deliveryDate, subscription, missing, first.asOf).map((date) => ({
        deliveryDate: date,
        cutoffAt: deliveryCutoff(date),
        status: 'scheduled' as const,
        weeklyOrdinal: null,
        ofHostOrder: false,
      })),
    ],
    first.items,
  );
}

/** The next `missing` delivery dates after `after` whose cutoff is still ahead of `asOf`. */
function upcomingDates(
  after: string,
  subscription: Pick<SubscriptionRow, 'frequencyWeeks' | 'deliveryWeekday'>,
  missing: number,
  asOf: Date,
): string[] {
  if (missing <= 0) return [];
  const now = asOf.getTime();
  const schedule = { frequencyWeeks: subscription.frequencyWeeks, weekday: subscription.deliveryWeekday };
  // Dates whose cutoff has already passed (a subscription back from a pause) are left out.
  const dates: string[] = [];
  let from = after;
  while (dates.length < missing) {
    const batch = deliveryDatesAfter(from, schedule, missing);
    dates.push(...batch.filter((date) => deliveryCutoff(date).getTime() > now));
    from = batch[batch.length - 1]!;
  }
  return dates.slice(0, missing);
}

/**
 * Makes sure the subscription's next UPCOMING_DELIVERY_COUNT boxes (those whose cutoff is after
 * `asOf`) exist as rows, each new one a copy of the box before it. Serialised per subscription by
 * its row lock; the unique (subscription, date) index makes a repeat harmless. Answers how many
 * rows it made. Only active subscriptions get new boxes.
 */
export async function ensureUpcomingDeliveries(
  tx: Database,
  subscriptionId: number,
  asOf: Date | null,
): Promise<number> {
  const subscription = await repository.lockSubscription(tx, subscriptionId);
  if (subscription?.status !== 'active') return 0;
  const latest = await repository.findLatestDelivery(tx, subscriptionId, asOf);
  if (!latest) return 0;
  const missing = UPCOMING_DELIVERY_COUNT - latest.upcoming;
  if (missing <= 0) return 0;

  const dates = upcomingDates(latest.delivery.deliveryDate, subscription, missing, asOf ?? new Date());
  const created = await repository.insertDeliveries(
    tx,
    dates.map((date) => ({
      subscriptionId,
      deliveryDate: date,
      cutoffAt: deliveryCutoff(date),
      status: 'scheduled' as const,
    })),
  );
  await repository.copyDeliveryItems(
    tx,
    latest.delivery.id,
    created.map((row) => row.id),
  );
  return created.length;
}

/** Each subscription's next delivery date follows its boxes (one statement; one subscription when given). */
export function refreshNextDeliveryDates(db: Database, asOf: Date | null, subscriptionId?: number) {
  return repository.refreshNextDeliveryDates(
    db,
    calendarDay(asOf ?? new Date(), DELIVERY_TIME_ZONE),
    subscriptionId,
  );
}

/** Subscriptions that have fewer upcoming rows than they should (the top-up job's work list). */
export function listSubscriptionsShortOfDeliveries(db: Database, asOf: Date | null, limit: number) {
  return repository.listSubscriptionsShortOfDeliveries(db, UPCOMING_DELIVERY_COUNT, asOf, limit);
}

// ─── Pricing ─────────────────────────────────────────────────────────────────────────────────

export type PricedDelivery = {
  delivery: DeliveryRow;
  weeklyOrdinal: number;
  /** What the box holds as the customer sees and edits it. */
  lines: PricedBoxLine[];
  /** The box as it will be made at its cutoff (filled to the plan's size): its order's lines. */
  madeLines: PricedBoxLine[];
  /** What the store adds at the cutoff to fill the box (none for a full box or one already made). */
  filled: PricedBoxLine[];
  costs: Omit<CostBreakdown, 'giftCardsAvailableCents'> & { giftCardsAvailableCents?: number };
  itemCount: number;
  threshold: number;
  discountDescription: string | null;
  /** The plan the box was priced with. */
  plan: repository.PlanRow;
  /** The subscription has a card to charge (what pays the box is said from it, decision 041). */
  cardOnFile: boolean;
};

type Context = NonNullable<Awaited<ReturnType<typeof repository.findPricingContext>>>;

/** What becomes of a box at its cutoff: charged (no order yet), already made, or not made. */
function kindOf(row: repository.DeliveryWithItems): BoxToCharge['kind'] {
  const { status } = row.delivery;
  if (status === 'skipped' || status === 'canceled') return 'none';
  if (status === 'scheduled' && row.order?.totalCents == null) return 'charge';
  return 'made';
}

/**
 * Prices a subscription's boxes (date order) from what the database holds, by the one rule of
 * box-charge.ts (docs/decisions/039): a box to charge is priced as it will be charged at its
 * cutoff (filled to the plan's size, credit and then the gift card balance spent box by box); a
 * box with an order shows what was charged; a skipped box shows its items at the plan's prices.
 */
function priceRows(
  context: Context,
  rows: readonly repository.DeliveryWithItems[],
  giftCardsCents: number,
  previousItems: readonly ChargeItem[],
): PricedDelivery[] {
  const { plan } = context;
  const tiers = context.tiers.map(tierFromJson);
  const state = { taxRateBasisPoints: context.taxRateBasisPoints, taxesShipping: context.taxesShipping };
  const charged = chargeBoxes(
    {
      plan,
      tiers,
      state,
      orderValueDiscountCents: context.partnershipCents,
      creditsCents: context.creditsCents,
      datedCredits: context.datedCredits.map((credit) => ({
        amountCents: credit.amountCents,
        availableAt: new Date(credit.availableAt),
      })),
      giftCardsCents,
      previousItems,
    },
    rows.map((row) => ({
      kind: kindOf(row),
      items: row.items,
      weeklyOrdinal: row.ordinal,
      cutoffAt: row.delivery.cutoffAt,
      oneTimeDiscountBasisPoints: row.delivery.oneTimeDiscountBasisPoints,
    })),
  );
  return rows.map((row, index) => {
    const box = charged[index];
    const common = {
      delivery: row.delivery,
      weeklyOrdinal: row.ordinal,
      threshold: plan.threshold,
      plan,
      cardOnFile: context.subscription.paymentMethodId !== null,
    };
    if (box) {
      return {
        ...common,
        lines: box.chosen,
        madeLines: box.lines,
        filled: box.filled,
        costs: box.costs,
        itemCount: box.chosen.reduce((sum, line) => sum + line.quantity, 0),
        discountDescription: box.tierApplies ? context.promoDescription : null,
      };
    }
    // Not charged at a cutoff ahead: as it stands (a made box's items are its order's).
    const priced = priceBox({
      items: row.items,
      plan,
      tiers,
      weeklyOrdinal: row.ordinal,
      state,
      orderValueDiscountCents: context.partnershipCents,
      creditsCents: 0,
      oneTimeDiscountBasisPoints: row.delivery.oneTimeDiscountBasisPoints,
    });
    const ordered = row.order?.totalCents != null ? row.order : null;
    return {
      ...common,
      lines: priced.lines,
      madeLines: priced.lines,
      filled: [],
      costs: ordered ? { ...ordered, giftCardsAvailableCents: ordered.giftCardsAppliedCents } : priced.costs,
      itemCount: priced.itemCount,
      discountDescription: ordered
        ? ordered.discountDescription
        : priced.tierApplies
          ? context.promoDescription
          : null,
    };
  });
}

/** The last made box's dishes, read only when an empty box to charge needs them (box-charge.ts). */
async function previousItemsFor(db: Database, subscriptionId: number, rows: repository.DeliveryWithItems[]) {
  const first = rows[0];
  const boxes = rows.map((row) => ({ kind: kindOf(row), items: row.items }));
  return first && needsPreviousItems(boxes)
    ? repository.findPreviousMadeItems(db, subscriptionId, first.delivery.deliveryDate)
    : [];
}

/**
 * One box of a subscription as it will be charged at its cutoff (or as charged, once it has an
 * order), priced from the database with the boxes before it that will be charged first, exactly as
 * the account lists it. `asOf` is the jobs' clock; `giftCards` the balance the renewal's lock step
 * holds, or how to ask the account's spendable balance.
 */
export async function priceDelivery(
  db: Database,
  ref: { subscriptionId: number; date: string },
  options: { asOf?: Date | null; giftCards: number | GiftCardBalance },
): Promise<PricedDelivery> {
  const now = options.asOf ?? new Date();
  const today = calendarDay(now, DELIVERY_TIME_ZONE);
  const from = [ref.date, today].sort()[0]!;
  const [context, listed] = await Promise.all([
    repository.findPricingContext(db, ref.subscriptionId),
    repository.listDeliveries(db, ref.subscriptionId, from),
  ]);
  if (!context) throw AppError.notFound('Subscription not found.');
  const rows = listed.filter((row) => row.delivery.deliveryDate <= ref.date);
  if (rows[rows.length - 1]?.delivery.deliveryDate !== ref.date) {
    throw AppError.notFound(`There is no delivery on ${ref.date}.`);
  }
  const [giftCardsCents, previous] = await Promise.all([
    typeof options.giftCards === 'number'
      ? options.giftCards
      : options.giftCards(db, context.subscription.userId, now),
    previousItemsFor(db, ref.subscriptionId, rows),
  ]);
  return priceRows(context, rows, giftCardsCents, previous).at(-1)!;
}

/** The shipping details of a subscription's box, with everything priceDelivery read. */
export async function findPricingContext(db: Database, subscriptionId: number) {
  return repository.findPricingContext(db, subscriptionId);
}

/**
 * The customer's upcoming boxes (delivered today or later, kitchen time), priced: a few statements
 * whatever the number of boxes and items. Each box to charge shows what its cutoff will charge
 * (priceRows), credit and then the gift card balance spent box by box in date order.
 */
export async function listUpcomingDeliveries(
  db: Database,
  userId: number,
  now: Date,
  giftCardBalance: GiftCardBalance,
): Promise<Delivery[]> {
  // The gift cards' balance is asked beside the subscription's own read.
  const [current, giftCardBalanceCents] = await Promise.all([
    repository.findCurrentPricingContextWithDeliveries(db, userId, calendarDay(now, DELIVERY_TIME_ZONE)),
    giftCardBalance(db, userId, now),
  ]);
  if (!current) return [];
  const { context, deliveries: rows } = current;
  const previous = await previousItemsFor(db, context.subscription.id, rows);
  return priceRows(context, rows, giftCardBalanceCents, previous).map((box) => toDelivery(box, now));
}

// ─── The customer's changes to a box ─────────────────────────────────────────────────────────

const notChangeable = (message: string) => new AppError('validation', message);

async function lockOwnDelivery(tx: Database, userId: number, date: string) {
  const current = await repository.findCurrentSubscriptionWithPlan(tx, userId);
  if (!current) throw AppError.notFound('You have no subscription.');
  const delivery = await repository.lockDelivery(tx, current.subscription.id, date);
  if (!delivery) throw AppError.notFound(`There is no delivery on ${date}.`);
  return { ...current, delivery };
}

async function readOwnDelivery(
  db: Database,
  subscriptionId: number,
  date: string,
  now: Date,
  giftCardBalance: GiftCardBalance,
) {
  return toDelivery(
    await priceDelivery(db, { subscriptionId, date }, { asOf: now, giftCards: giftCardBalance }),
    now,
  );
}

function cutoffPassed(delivery: DeliveryRow, now: Date) {
  return delivery.cutoffAt.getTime() <= now.getTime();
}

export async function skipDelivery(
  db: Database,
  userId: number,
  date: string,
  now: Date,
  giftCardBalance: GiftCardBalance,
): Promise<Delivery> {
  const subscriptionId = await db.transaction(async (tx) => {
    const { subscription, delivery } = await lockOwnDelivery(tx, userId, date);
    if (delivery.status === 'skipped') return subscription.id;
    if (delivery.status !== 'scheduled') {
      throw notChangeable(`This box is ${delivery.status} and can no longer be skipped.`);
    }
    if (cutoffPassed(delivery, now))
      throw notChangeable('The cutoff for this box has passed: it can no longer be skipped.');
    await repository.transitionDelivery(tx, delivery.id, ['scheduled'], { status: 'skipped' });
    await refreshNextDeliveryDates(tx, now, subscription.id);
    return subscription.id;
  });
  return readOwnDelivery(db, subscriptionId, date, now, giftCardBalance);
}

export async function unskipDelivery(
  db: Database,
  userId: number,
  date: string,
  now: Date,
  giftCardBalance: GiftCardBalance,
): Promise<Delivery> {
  const subscriptionId = await db.transaction(async (tx) => {
    const { subscription, delivery } = await lockOwnDelivery(tx, userId, date);
    if (delivery.status === 'scheduled') return subscription.id;
    if (delivery.status !== 'skipped') {
      throw notChangeable(`This box is ${delivery.status}: only a skipped box can be brought back.`);
    }
    if (cutoffPassed(delivery, now)) {
      throw notChangeable('The cutoff for this box has passed: it can no longer be brought back.');
    }
    if (subscription.status !== 'active') {
      throw notChangeable('Your subscription is paused: resume it to bring this box back.');
    }
    await repository.transitionDelivery(tx, delivery.id, ['skipped'], { status: 'scheduled' });
    await refreshNextDeliveryDates(tx, now, subscription.id);
    return subscription.id;
  });
  return readOwnDelivery(db, subscriptionId, date, now, giftCardBalance);
}

/** Sets one meal's quantity in a box (absolute; 0 removes it), never above the plan's threshold. */
/** A box item change as a check handed to setDeliveryItem sees it (in its transaction). */
export type BoxItemCheck = (
  tx: Database,
  change: { sku: string; quantity: number; heldQuantity: number },
) => Promise<void>;

export async function setDeliveryItem(
  db: Database,
  userId: number,
  date: string,
  body: DeliveryItemBody,
  now: Date,
  giftCardBalance: GiftCardBalance,
  /**
   * A check of the change handed from above (the families' allergen question, docs/decisions/055),
   * run in the transaction once the box and the dish are known; it refuses by throwing.
   */
  checkChange?: BoxItemCheck,
): Promise<Delivery> {
  const subscriptionId = await db.transaction(async (tx) => {
    const { subscription, plan, delivery } = await lockOwnDelivery(tx, userId, date);
    if (delivery.status !== 'scheduled') {
      throw notChangeable(
        delivery.status === 'skipped'
          ? 'This box is skipped: bring it back before changing what it holds.'
          : `This box is ${delivery.status} and can no longer be changed.`,
      );
    }
    if (cutoffPassed(delivery, now))
      throw notChangeable('The cutoff for this box has passed: it can no longer be changed.');
    // The one rule of what a box may hold (decision 039): 0 always takes a product out.
    const product = await repository.findBoxProduct(tx, body.sku);
    if (!product || !boxMayHold({ active: product.isActive }, body.quantity)) {
      throw AppError.invalidField('sku', notInBoxMessage(body.sku));
    }
    const contents = await repository.listDeliveryContents(tx, delivery.id);
    const others = contents
      .filter((item) => item.productId !== product.id)
      .reduce((sum, item) => sum + item.quantity, 0);
    if (others + body.quantity > plan.threshold) {
      throw AppError.invalidField(
        'quantity',
        `Your box holds ${plan.threshold} meals and ${others} other meals are in it: remove some before adding more.`,
      );
    }
    await checkChange?.(tx, {
      sku: body.sku,
      quantity: body.quantity,
      heldQuantity: contents.find((item) => item.productId === product.id)?.quantity ?? 0,
    });
    await repository.setDeliveryItem(tx, delivery.id, product.id, body.quantity);
    return subscription.id;
  });
  return readOwnDelivery(db, subscriptionId, date, now, giftCardBalance);
}

// ─── What the flows above take from this module (workflows/: renewals, lifecycle, plan change) ──
// The module's own steps on its rows and its pure rules, named here so that no flow reaches its
// repository (ARCHITECTURE.md); each flow composes them with other modules' (docs/decisions/050).

export {
  cancellationEffect,
  chooseRetentionOffer,
  firstBoxAfterPause,
  type LifecycleAction,
  pauseEffect,
  pauseResumeDate,
  type RetentionSettings,
  transitionRefusal,
} from './lifecycle';
export type { DeliveryStatus } from './repository';
export {
  claimBoxPastCutoff,
  claimDueCharge,
  claimDueReminder,
  claimPausedSubscription,
  deleteChangeableDeliveries,
  deleteUnmadeDeliveries,
  findDeliveryWithItems,
  findGivenUpBox,
  findLatestCancellation,
  findLatestSubscription,
  findPreviousMadeContents,
  findUserContact,
  insertCancellation,
  insertDeliveries,
  insertDeliveryItems,
  listAcceptedOfferKinds,
  listBoxStates,
  listDeliveries,
  listDeliveryContents,
  lockDelivery,
  lockLatestSubscription,
  lockSubscription,
  recordAuthenticatedCharge,
  recordChargeOutcome,
  replaceDeliveryItems,
  setBoxesStatus,
  setOneTimeDiscount,
  transitionDelivery,
  updateCancellation,
  updateSubscription,
} from './repository';
export { type ChangeableBox, remakeBoxes, trimToThreshold } from './reschedule';
export {
  authenticationDeadline,
  deliveryCutoff,
  deliveryDatesAfter,
  givenUpBoxPayableUntil,
  nextRetryAt,
  REMINDER_HOURS_BEFORE_CUTOFF,
} from './schedule';

/** The customer's current subscription: read once per page (lib/page-reads) for its several calls. */
export function currentSubscription(db: Database, userId: number): Promise<Subscription | null> {
  return readOncePerPage(`subscription:${userId}`, async () => {
    const row = await findCurrentSubscriptionWithPlan(db, userId);
    return row ? toSubscription(row.subscription, row.plan) : null;
  });
}

// ─── The smart box (docs/decisions/055): a box the store fills for the family ───────────────

/** A box the store may fill: its customer, the plan's size and what it holds that will be made. */
export type BoxToFill = {
  userId: number;
  subscriptionId: number;
  delivery: DeliveryRow;
  threshold: number;
  /** The box's dishes it may hold (an inactive dish is left out at the cutoff, so it does not count). */
  contents: { productId: number; quantity: number }[];
};

async function boxToFillOf(
  tx: Database,
  current: { subscription: SubscriptionRow; plan: repository.PlanRow },
  delivery: DeliveryRow,
): Promise<BoxToFill> {
  const row = await repository.findDeliveryWithItems(tx, current.subscription.id, delivery.deliveryDate);
  return {
    userId: current.subscription.userId,
    subscriptionId: current.subscription.id,
    delivery,
    threshold: current.plan.threshold,
    contents: holdable(row?.items ?? []).map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
    })),
  };
}

/**
 * The customer's own box, locked for the fill: refused as any change of it is (not theirs: 404;
 * skipped, made or past its cutoff: 422).
 */
export async function lockOwnBoxToFill(
  tx: Database,
  userId: number,
  date: string,
  now: Date,
): Promise<BoxToFill> {
  const current = await lockOwnDelivery(tx, userId, date);
  const { delivery } = current;
  if (delivery.status !== 'scheduled') {
    throw notChangeable(
      delivery.status === 'skipped'
        ? 'This box is skipped: bring it back before filling it.'
        : `This box is ${delivery.status} and can no longer be changed.`,
    );
  }
  if (cutoffPassed(delivery, now))
    throw notChangeable('The cutoff for this box has passed: it can no longer be changed.');
  return boxToFillOf(tx, current, delivery);
}

/** A box the renewal jobs hold (claimed for its reminder or its lock), as the fill reads it. */
export async function claimedBoxToFill(tx: Database, delivery: DeliveryRow): Promise<BoxToFill | null> {
  const current = await repository.findSubscriptionWithPlan(tx, delivery.subscriptionId);
  return current ? boxToFillOf(tx, current, delivery) : null;
}

/** The customer's box as the account shows it, after a change a flow made. */
export function readDelivery(
  db: Database,
  subscriptionId: number,
  date: string,
  now: Date,
  giftCardBalance: GiftCardBalance,
): Promise<Delivery> {
  return readOwnDelivery(db, subscriptionId, date, now, giftCardBalance);
}

export { addPickedDeliveryItems, listRecentBoxDishes } from './repository';
