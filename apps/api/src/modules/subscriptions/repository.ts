import type { Database } from '@sprout/db';
import { partPlaceholder, preparedQuery, type StatementPart, schema } from '@sprout/db';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { TierJson } from '../../domain/discounts';

const {
  addresses,
  categories,
  creditLedger,
  deliveries,
  deliveryItems,
  orders,
  partnerships,
  plans,
  products,
  promoCodes,
  promoCodeTiers,
  states,
  subscriptions,
  users,
  zipCodes,
} = schema;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type PlanRow = typeof plans.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type DeliveryStatus = DeliveryRow['status'];
export type DeliveryContent = { productId: number; quantity: number };

/** The jobs' clock in SQL: a set instant, or the database's now(). */
export const asOfSql = (asOf: Date | null) =>
  sql`coalesce(${asOf?.toISOString() ?? null}::timestamptz, now())`;

// ─── Subscriptions ───────────────────────────────────────────────────────────────────────────

export async function insertSubscription(
  db: Database,
  subscription: NewSubscription,
): Promise<SubscriptionRow> {
  // Checkout's hot path: prepared once per set of columns given (decision 022; checkout always
  // gives one of two sets, with or without a saved card).
  const columns = Object.keys(subscription) as (keyof NewSubscription)[];
  const signature = columns.join(',');
  let query = subscriptionInserts.get(signature);
  if (!query) {
    query = subscriptionInsertQuery(`subscriptions_insert_${subscriptionInserts.size + 1}`, columns);
    subscriptionInserts.set(signature, query);
  }
  const [row] = await query(
    db,
    Object.fromEntries(columns.map((column) => [String(column), subscription[column]])),
  );
  return row!;
}

const subscriptionInserts = new Map<string, ReturnType<typeof subscriptionInsertQuery>>();

function subscriptionInsertQuery(name: string, columns: (keyof NewSubscription)[]) {
  return preparedQuery<Record<string, unknown>, SubscriptionRow[]>(name, (db) =>
    db
      .insert(subscriptions)
      .values(
        Object.fromEntries(
          columns.map((column) => [column, sql.placeholder(String(column))]),
        ) as unknown as NewSubscription,
      )
      .returning(),
  );
}

export async function updateSubscription(
  db: Database,
  subscriptionId: number,
  changes: Partial<Omit<NewSubscription, 'id' | 'userId'>>,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId));
}

/** The subscription's row under lock: its deliveries are made and changed one caller at a time. */
export async function lockSubscription(
  db: Database,
  subscriptionId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  return row;
}

export async function findSubscriptionWithPlan(db: Database, subscriptionId: number) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  return row;
}

/** The customer's current subscription: the newest one not canceled. */
export async function findCurrentSubscriptionWithPlan(db: Database, userId: number) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} <> 'canceled'`))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/**
 * Everything that prices and ships a subscription's boxes, in one statement: the plan, the
 * customer, the delivery address with its state and zip, the promo code's tiers and the account's
 * credit: the undated part (spendable by every box) and the dated entries (spendable by the boxes
 * whose cutoff comes after their date), so each box is priced with the credit it will find at its
 * cutoff (docs/decisions/039).
 */
const pricingContext = {
  subscription: subscriptions,
  plan: plans,
  email: users.email,
  firstName: users.firstName,
  address: addresses,
  stateCode: states.code,
  taxRateBasisPoints: states.taxRateBasisPoints,
  taxesShipping: states.taxesShipping,
  zipCode: zipCodes.code,
  promoDescription: promoCodes.descriptionCheckout,
  /** A partnership pays up to this much of every box (an employer's benefit); 0 without one. */
  partnershipCents: sql<number>`coalesce(${partnerships.maxOrderValueCents}, 0)`.mapWith(Number),
  tiers: sql<TierJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', ${promoCodeTiers.id}, 'type', ${promoCodeTiers.type}, 'amount', ${promoCodeTiers.amount},
      'weekly_ordinal_number', ${promoCodeTiers.weeklyOrdinalNumber},
      'free_shipping', ${promoCodeTiers.freeShipping}, 'free_tax', ${promoCodeTiers.freeTax})
      order by ${promoCodeTiers.weeklyOrdinalNumber})
    from ${promoCodeTiers} where ${promoCodeTiers.promoCodeId} = ${subscriptions.promoCodeId}), '[]'::json)`,
  creditsCents: sql<number>`(
    select coalesce(sum(${creditLedger.amountCents}), 0) from ${creditLedger}
    where ${creditLedger.userId} = ${subscriptions.userId} and ${creditLedger.availableAt} is null)`.mapWith(
    Number,
  ),
  datedCredits: sql<{ amountCents: number; availableAt: string }[]>`coalesce((
    select json_agg(json_build_object('amountCents', ${creditLedger.amountCents}, 'availableAt', ${creditLedger.availableAt}))
    from ${creditLedger}
    where ${creditLedger.userId} = ${subscriptions.userId} and ${creditLedger.availableAt} is not null), '[]'::json)`,
};

/**
 * The subscription joined to what prices its boxes (plan, customer, address, promo code, active
 * partnership), selecting the pricing context and any `extra` columns beside it: the one place
 * these joins are written.
 */
const pricingContextQuery = <Extra extends SelectedFields = Record<never, never>>(
  db: Database,
  extra?: Extra,
) =>
  db
    .select({ ...pricingContext, ...(extra as Extra) })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(addresses, eq(addresses.id, subscriptions.addressId))
    .innerJoin(states, eq(states.id, addresses.stateId))
    .innerJoin(zipCodes, eq(zipCodes.id, addresses.zipCodeId))
    .leftJoin(promoCodes, eq(promoCodes.id, subscriptions.promoCodeId))
    .leftJoin(
      partnerships,
      and(eq(partnerships.id, subscriptions.partnershipId), eq(partnerships.isActive, true)),
    );

export type PricingContextRow = Awaited<ReturnType<typeof findPricingContext>> & {};

export async function findPricingContext(db: Database, subscriptionId: number) {
  const [row] = await pricingContextQuery(db).where(eq(subscriptions.id, subscriptionId));
  return row;
}

/**
 * Sets each subscription's next delivery date to its earliest box from `today` on that will come
 * (scheduled, locked, charged or being charged), where that changed: one statement for all, or for
 * one subscription.
 */
export async function refreshNextDeliveryDates(db: Database, today: string, subscriptionId?: number) {
  await db.execute(sql`
    update ${subscriptions} set next_delivery_date = upcoming.next_date, updated_at = now()
    from (
      select subscription_id, min(delivery_date) as next_date from ${deliveries}
      where delivery_date >= ${today}::date and status in ('scheduled', 'locked', 'charged', 'failed')
        ${subscriptionId === undefined ? sql`` : sql`and subscription_id = ${subscriptionId}`}
      group by subscription_id
    ) upcoming
    where ${subscriptions.id} = upcoming.subscription_id
      and ${subscriptions.nextDeliveryDate} is distinct from upcoming.next_date`);
}

/** Active subscriptions that have fewer than `count` boxes whose cutoff is still ahead. */
export async function listSubscriptionsShortOfDeliveries(
  db: Database,
  count: number,
  asOf: Date | null,
  limit: number,
) {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        sql`(select count(*) from ${deliveries} where ${deliveries.subscriptionId} = ${subscriptions.id}
              and ${deliveries.cutoffAt} > ${asOfSql(asOf)}) < ${count}`,
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

// ─── Deliveries ──────────────────────────────────────────────────────────────────────────────

export type DeliveryItemJson = {
  productId: number;
  sku: string;
  name: string;
  image: string | null;
  categoryName: string;
  basePriceCents: number;
  premiumDifferenceCents: number;
  quantity: number;
  isActive: boolean;
  pickedQuantity: number;
  pickReason: string | null;
};

/** A box's contents with what prices them, as one JSON column (one statement for any number of boxes). */
const itemsOf = sql<DeliveryItemJson[]>`coalesce((
  select json_agg(json_build_object(
    'productId', ${products.id}, 'sku', ${products.sku}, 'name', ${products.name},
    'image', ${products.image}->>'cart-desktop', 'categoryName', ${categories.name},
    'basePriceCents', ${categories.basePriceCents},
    'premiumDifferenceCents', ${products.premiumDifferenceCents}, 'quantity', ${deliveryItems.quantity},
    'isActive', ${products.isActive}, 'pickedQuantity', ${deliveryItems.pickedQuantity},
    'pickReason', ${deliveryItems.pickReason})
    order by ${products.name}, ${products.id})
  from ${deliveryItems}
  join ${products} on ${products.id} = ${deliveryItems.productId}
  join ${categories} on ${categories.id} = ${products.categoryId}
  where ${deliveryItems.deliveryId} = ${deliveries.id}), '[]'::json)`;

/**
 * The weekly ordinal a box has, or would have if every box before it that is not skipped or
 * canceled is made: 1 + those boxes.
 */
const ordinalOf = sql<number>`coalesce(${deliveries.weeklyOrdinal}, 1 + (
  select count(*) filter (where earlier.status in ('scheduled', 'locked', 'charged', 'failed'))
  from deliveries earlier
  where earlier.subscription_id = ${deliveries.subscriptionId}
    and earlier.delivery_date < ${deliveries.deliveryDate}))`.mapWith(Number);
// The status test is the count's filter, not the WHERE's: a subscription has a few dozen boxes at
// most, and a status in the WHERE let the planner AND the status index in (all boxes of every
// customer: 48,000 rows, 1.2 ms a box when a bulk of checkouts had left its statistics stale).

/** What the box's order cost, once it has one (what was charged is what is shown). */
const orderCosts = {
  itemsCents: orders.itemsCents,
  promoDiscountCents: orders.promoDiscountCents,
  orderValueDiscountCents: orders.orderValueDiscountCents,
  shippingCents: orders.shippingCents,
  shippingBeforeDiscountCents: orders.shippingBeforeDiscountCents,
  taxCents: orders.taxCents,
  taxBeforeDiscountCents: orders.taxBeforeDiscountCents,
  referralCreditsAppliedCents: orders.referralCreditsCents,
  creditsAppliedCents: orders.creditsAppliedCents,
  giftCardsAppliedCents: orders.giftCardsAppliedCents,
  compedAppliedCents: orders.compedCents,
  totalCents: orders.totalCents,
  discountDescription: orders.discountDescription,
};

const deliveryWithItems = {
  delivery: deliveries,
  ordinal: ordinalOf,
  items: itemsOf,
  order: orderCosts,
};

export type DeliveryWithItems = Awaited<ReturnType<typeof listDeliveries>>[number];

/** A subscription's boxes delivered on or after a day, soonest first, with contents and order costs. */
export async function listDeliveries(db: Database, subscriptionId: number, fromDate: string) {
  return db
    .select(deliveryWithItems)
    .from(deliveries)
    .leftJoin(orders, eq(orders.id, deliveries.orderId))
    .where(and(eq(deliveries.subscriptionId, subscriptionId), gte(deliveries.deliveryDate, fromDate)))
    .orderBy(asc(deliveries.deliveryDate));
}

/**
 * The customer's current subscription's pricing context (as `findPricingContext`) and its
 * boxes from a day on (as `listDeliveries`), in one statement: one row per box, the context
 * repeated on each (a subscription without boxes from that day is one row without a box). The
 * account's box list and overview ask for both on every view; two round trips were one too many.
 */
export async function findCurrentPricingContextWithDeliveries(
  db: Database,
  userId: number,
  fromDate: string,
) {
  const rows = await currentPricingContextWithDeliveriesQuery(db, { userId, fromDate });
  const [first] = rows;
  if (!first) return undefined;
  const { delivery: _delivery, ordinal: _ordinal, items: _items, order: _order, ...context } = first;
  const boxes: DeliveryWithItems[] = [];
  for (const { delivery, ordinal, items, order } of rows)
    if (delivery) boxes.push({ delivery, ordinal, items, order });
  return { context, deliveries: boxes };
}

// Every account page asks it: prepared (decision 022), so its ten joins are planned once per
// connection instead of on every view (13 ms of planning, more than it takes to run).
const currentPricingContextWithDeliveriesQuery = preparedQuery('subscriptions_current_with_boxes', (db) => {
  // The newest subscription not canceled, as findCurrentSubscriptionWithPlan orders them.
  const current = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, sql.placeholder('userId')), sql`${subscriptions.status} <> 'canceled'`),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  // The pricing context with the boxes' columns beside it: one row per box from `fromDate`.
  return pricingContextQuery(db, deliveryWithItems)
    .leftJoin(
      deliveries,
      and(
        eq(deliveries.subscriptionId, subscriptions.id),
        gte(deliveries.deliveryDate, sql`${sql.placeholder('fromDate')}::date`),
      ),
    )
    .leftJoin(orders, eq(orders.id, deliveries.orderId))
    .where(eq(subscriptions.id, sql`(${current})`))
    .orderBy(asc(deliveries.deliveryDate));
});

export async function findDeliveryWithItems(db: Database, subscriptionId: number, date: string) {
  const [row] = await db
    .select(deliveryWithItems)
    .from(deliveries)
    .leftJoin(orders, eq(orders.id, deliveries.orderId))
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.deliveryDate, date)));
  return row;
}

export async function lockDelivery(db: Database, subscriptionId: number, date: string) {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.deliveryDate, date)))
    .for('update');
  return row;
}

/** The subscription's last box (by date) and how many boxes have their cutoff after `asOf`. */
export async function findLatestDelivery(db: Database, subscriptionId: number, asOf: Date | null) {
  const [row] = await db
    .select({
      delivery: deliveries,
      upcoming: sql<number>`(select count(*) from deliveries later
        where later.subscription_id = ${subscriptionId} and later.cutoff_at > ${asOfSql(asOf)})`.mapWith(
        Number,
      ),
    })
    .from(deliveries)
    .where(eq(deliveries.subscriptionId, subscriptionId))
    .orderBy(desc(deliveries.deliveryDate))
    .limit(1);
  return row;
}

export async function insertDeliveries(
  db: Database,
  rows: (typeof deliveries.$inferInsert)[],
): Promise<{ id: number; deliveryDate: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(deliveries)
    .values(rows)
    .onConflictDoNothing({ target: [deliveries.subscriptionId, deliveries.deliveryDate] })
    .returning({ id: deliveries.id, deliveryDate: deliveries.deliveryDate });
}

/** A new subscription's boxes, each with the same contents; `ofHostOrder`: the host's order made it. */
export type NewDeliveryWithItems = {
  deliveryDate: string;
  cutoffAt: Date;
  status: 'scheduled' | 'charged';
  weeklyOrdinal: number | null;
  ofHostOrder: boolean;
};

/**
 * A new subscription's first boxes and their contents, as a part of the statement that writes the
 * order (decision 033; checkout's hot path, decision 022): the box the order made names the order the
 * host is inserting (`host.orderId`). Boxes and items go in as one JSON array each, so the SQL text
 * is the same whatever the box holds and is prepared once with its host (decision 022). A box whose
 * date the subscription already has is skipped, with no items; the subscription is the caller's new
 * one, so there is none. The items' foreign key is checked at the end of the statement.
 */
export function deliveriesWithItemsPart(
  subscriptionId: number,
  boxes: NewDeliveryWithItems[],
  items: DeliveryContent[],
): StatementPart {
  const name = 'subscription_boxes';
  const value = (key: string) => partPlaceholder(name, key);
  return {
    name,
    build: (_db, host) => ({
      [name]: sql`
        insert into ${deliveries} (subscription_id, delivery_date, cutoff_at, status, weekly_ordinal, order_id)
        select ${value('subscriptionId')}::int, box.delivery_date, box.cutoff_at, box.status,
          box.weekly_ordinal, case when box.of_host_order then ${host.orderId} end
        from json_to_recordset(${value('boxes')}::json) as box(delivery_date date,
          cutoff_at timestamptz, status text, weekly_ordinal int, of_host_order boolean)
        on conflict (subscription_id, delivery_date) do nothing
        returning id`,
      [`${name}_items`]: sql`
        insert into ${deliveryItems} (delivery_id, product_id, quantity)
        select ${sql.raw(name)}.id, item.product_id, item.quantity
        from ${sql.raw(name)}, json_to_recordset(${value('items')}::json) as item(product_id int,
          quantity int)`,
    }),
    values: {
      subscriptionId,
      boxes: JSON.stringify(
        boxes.map((box) => ({
          delivery_date: box.deliveryDate,
          cutoff_at: box.cutoffAt.toISOString(),
          status: box.status,
          weekly_ordinal: box.weeklyOrdinal,
          of_host_order: box.ofHostOrder,
        })),
      ),
      items: JSON.stringify(items.map((item) => ({ product_id: item.productId, quantity: item.quantity }))),
    },
  };
}

/** Copies one box's contents into new boxes: one statement whatever the number of boxes. */
export async function copyDeliveryItems(db: Database, fromDeliveryId: number, toDeliveryIds: number[]) {
  if (toDeliveryIds.length === 0) return;
  await db.execute(sql`
    insert into ${deliveryItems} (delivery_id, product_id, quantity)
    select target.id, source.product_id, source.quantity
    from ${deliveryItems} source
    cross join (select unnest(${sql.raw(`ARRAY[${toDeliveryIds.map(Number).join(',')}]::integer[]`)}) as id) target
    where source.delivery_id = ${fromDeliveryId}
    on conflict do nothing`);
}

export async function listDeliveryContents(db: Database, deliveryId: number) {
  return db
    .select({ productId: deliveryItems.productId, quantity: deliveryItems.quantity })
    .from(deliveryItems)
    .where(eq(deliveryItems.deliveryId, deliveryId))
    .orderBy(asc(deliveryItems.productId));
}

/**
 * Replaces a box's contents (the cutoff's fill-up): three statements. The store's picks that stay
 * keep their count (at most the new quantity) and reason, so the kitchen still tells them apart.
 */
export async function replaceDeliveryItems(
  db: Database,
  deliveryId: number,
  items: { productId: number; quantity: number }[],
) {
  const picks = await db.delete(deliveryItems).where(eq(deliveryItems.deliveryId, deliveryId)).returning({
    productId: deliveryItems.productId,
    pickedQuantity: deliveryItems.pickedQuantity,
    pickReason: deliveryItems.pickReason,
  });
  if (items.length > 0) {
    await db.insert(deliveryItems).values(
      items.map((item) => {
        const pick = picks.find((row) => row.productId === item.productId);
        return {
          deliveryId,
          ...item,
          pickedQuantity: Math.min(pick?.pickedQuantity ?? 0, item.quantity),
          pickReason: pick && pick.pickedQuantity > 0 ? pick.pickReason : null,
        };
      }),
    );
  }
}

/** Sets one product's quantity in a box; 0 removes it. */
export async function setDeliveryItem(db: Database, deliveryId: number, productId: number, quantity: number) {
  if (quantity <= 0) {
    await db
      .delete(deliveryItems)
      .where(and(eq(deliveryItems.deliveryId, deliveryId), eq(deliveryItems.productId, productId)));
    return;
  }
  await db
    .insert(deliveryItems)
    .values({ deliveryId, productId, quantity })
    // A dish the customer changes is theirs: the store's pick becomes chosen (docs/decisions/055).
    .onConflictDoUpdate({
      target: [deliveryItems.deliveryId, deliveryItems.productId],
      set: { quantity, pickedQuantity: 0, pickReason: null },
    });
}

/** Moves a box between states, only from the given ones; answers whether it moved. */
export async function transitionDelivery(
  db: Database,
  deliveryId: number,
  from: DeliveryStatus[],
  changes: Partial<Omit<typeof deliveries.$inferInsert, 'id' | 'subscriptionId' | 'deliveryDate'>>,
): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, from)))
    .returning({ id: deliveries.id });
  return rows.length > 0;
}

/** Skips every scheduled box of a subscription from a day on (pausing it). */
export async function skipScheduledDeliveries(db: Database, subscriptionId: number, fromDate: string) {
  await db
    .update(deliveries)
    .set({ status: 'skipped', updatedAt: sql`now()` })
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        eq(deliveries.status, 'scheduled'),
        gte(deliveries.deliveryDate, fromDate),
      ),
    );
}

/**
 * The priced contents of the subscription's last made box before a day (what an empty box is
 * filled with at its cutoff).
 */
export async function findPreviousMadeItems(
  db: Database,
  subscriptionId: number,
  beforeDate: string,
): Promise<DeliveryItemJson[]> {
  const [previous] = await db
    .select({ items: itemsOf })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        inArray(deliveries.status, ['locked', 'charged', 'failed']),
        sql`${deliveries.deliveryDate} < ${beforeDate}`,
      ),
    )
    .orderBy(desc(deliveries.deliveryDate))
    .limit(1);
  return previous?.items ?? [];
}

/** The contents of the subscription's last made box before a day (what a resumed box starts from). */
export async function findPreviousMadeContents(db: Database, subscriptionId: number, beforeDate: string) {
  const [previous] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        inArray(deliveries.status, ['locked', 'charged', 'failed']),
        sql`${deliveries.deliveryDate} < ${beforeDate}`,
      ),
    )
    .orderBy(desc(deliveries.deliveryDate))
    .limit(1);
  return previous ? listDeliveryContents(db, previous.id) : [];
}

// ─── The jobs' claims: one row at a time, skipping rows another replica holds ──────────────

/** A scheduled box of an active subscription whose cutoff has passed, locked for this transaction. */
export async function claimBoxPastCutoff(db: Database, asOf: Date | null) {
  const [row] = await db
    .select({ delivery: deliveries })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(
      and(
        eq(deliveries.status, 'scheduled'),
        lte(deliveries.cutoffAt, asOfSql(asOf)),
        eq(subscriptions.status, 'active'),
      ),
    )
    .orderBy(asc(deliveries.cutoffAt), asc(deliveries.id))
    .limit(1)
    .for('update', { of: deliveries, skipLocked: true });
  return row?.delivery;
}

/**
 * Claims for this pass the most overdue charge of a locked or failed box: one due by the jobs' clock
 * that no other pass holds. The claim is a lease of `leaseMs` on the database's real now(), and so
 * is the test of another pass's lease, whatever the jobs' clock says: a run dated ahead
 * (`npm run jobs -- --as-of=<tomorrow>`) must neither take a charge a replica is making nor, by
 * claiming one itself, keep it from the replicas past its real lease (docs/decisions/021). The row
 * is answered as claimed: its `chargeClaims` is this claim's, for recordChargeOutcome.
 */
export async function claimDueCharge(db: Database, asOf: Date | null, leaseMs: number) {
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        inArray(deliveries.status, ['locked', 'failed']),
        lte(deliveries.nextChargeAt, asOfSql(asOf)),
        or(isNull(deliveries.chargeClaimedUntil), sql`${deliveries.chargeClaimedUntil} <= now()`),
      ),
    )
    .orderBy(asc(deliveries.nextChargeAt), asc(deliveries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(deliveries)
    .set({
      chargeClaims: sql`${deliveries.chargeClaims} + 1`,
      chargeClaimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(deliveries.id, due))
    .returning();
  return row;
}

/**
 * Records a charge's outcome on its box and ends the claim's lease, only for the holder of the
 * box's latest claim (`claim`: the `chargeClaims` its claim answered). False, writing nothing, when
 * another pass has claimed the charge since (this one outlived its lease): the outcome is that
 * pass's to record. Run first in the transaction that records the rest of the outcome, whose row
 * lock then keeps the charge from being claimed until it commits.
 */
export async function recordChargeOutcome(
  db: Database,
  deliveryId: number,
  claim: number,
  changes: Pick<
    typeof deliveries.$inferInsert,
    'status' | 'chargeAttempts' | 'nextChargeAt' | 'firstChargeAt' | 'authenticationIntentId'
  >,
): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    // A box waits for its customer's authentication only until another outcome is recorded.
    .set({ authenticationIntentId: null, ...changes, chargeClaimedUntil: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(deliveries.id, deliveryId),
        eq(deliveries.chargeClaims, claim),
        inArray(deliveries.status, ['locked', 'failed']),
      ),
    )
    .returning({ id: deliveries.id });
  return rows.length > 0;
}

/**
 * The customer paid the box their bank asked them to authenticate (docs/decisions/041): recorded
 * only while the box still waits for that intent, whichever pass holds a claim on its charge (that
 * pass's own record then finds the box charged and writes nothing). False when it no longer waits.
 */
export async function recordAuthenticatedCharge(db: Database, deliveryId: number, intentId: string) {
  const rows = await db
    .update(deliveries)
    .set({
      status: 'charged',
      nextChargeAt: null,
      authenticationIntentId: null,
      chargeClaimedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(deliveries.id, deliveryId),
        eq(deliveries.status, 'failed'),
        eq(deliveries.authenticationIntentId, intentId),
      ),
    )
    .returning({ id: deliveries.id });
  return rows.length > 0;
}

/** A scheduled box of an active subscription within a day of its cutoff, not yet reminded. */
export async function claimDueReminder(db: Database, asOf: Date | null, hoursBefore: number) {
  const [row] = await db
    .select({ delivery: deliveries })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(
      and(
        eq(deliveries.status, 'scheduled'),
        sql`${deliveries.reminderSentAt} is null`,
        sql`${deliveries.cutoffAt} > ${asOfSql(asOf)}`,
        sql`${deliveries.cutoffAt} - make_interval(hours => ${hoursBefore}) <= ${asOfSql(asOf)}`,
        eq(subscriptions.status, 'active'),
      ),
    )
    .orderBy(asc(deliveries.cutoffAt), asc(deliveries.id))
    .limit(1)
    .for('update', { of: deliveries, skipLocked: true });
  return row?.delivery;
}

// ─── Products a box may hold ─────────────────────────────────────────────────────────────────

export async function findBoxProduct(db: Database, sku: string) {
  const [row] = await db
    .select({ id: products.id, isActive: products.isActive })
    .from(products)
    .where(eq(products.sku, sku));
  return row;
}

// ─── A plan, frequency or weekday change (subscriptions/plan-change.ts, the account API) ────

/** Removes boxes that can still change (their contents go with them: cascade); other boxes stay. */
export async function deleteChangeableDeliveries(db: Database, subscriptionId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .delete(deliveries)
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        inArray(deliveries.id, ids),
        inArray(deliveries.status, ['scheduled', 'skipped']),
      ),
    );
}

/** Many boxes' contents in one statement. */
export async function insertDeliveryItems(
  db: Database,
  rows: { deliveryId: number; productId: number; quantity: number }[],
) {
  if (rows.length > 0) await db.insert(deliveryItems).values(rows);
}

// ─── The lifecycle: pause, cancel, reactivate (decision 023) ────────────────────────────────

const { subscriptionCancellations } = schema;

export type CancellationRow = typeof subscriptionCancellations.$inferSelect;

const latestSubscriptionOf = (db: Database, userId: number) =>
  db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);

/** The customer's latest subscription, canceled ones included, with its plan. */
export async function findLatestSubscription(db: Database, userId: number) {
  const [row] = await latestSubscriptionOf(db, userId);
  return row;
}

/**
 * The same under lock: a lifecycle change waits for another on the same subscription. The row is
 * locked alone and its plan read after: under a join, PostgreSQL's recheck of a row another
 * transaction just changed (a new plan) would drop it from the answer.
 */
export async function lockLatestSubscription(db: Database, userId: number) {
  const [latest] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  if (!latest) return undefined;
  const subscription = await lockSubscription(db, latest.id);
  const [plan] = await db.select().from(plans).where(eq(plans.id, subscription!.planId));
  return { subscription: subscription!, plan: plan! };
}

/** A subscription's boxes on or after a day, soonest first: date and state only. */
export async function listBoxStates(db: Database, subscriptionId: number, fromDate: string) {
  return db
    .select({
      id: deliveries.id,
      date: deliveries.deliveryDate,
      status: deliveries.status,
      cutoffAt: deliveries.cutoffAt,
    })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), gte(deliveries.deliveryDate, fromDate)))
    .orderBy(asc(deliveries.deliveryDate));
}

/**
 * The box a subscription's renewal engine gave up on: the latest one canceled after declined
 * charges (it has an order and at least one try). What a pause after failed payments is about.
 */
export async function findGivenUpBox(db: Database, subscriptionId: number) {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        eq(deliveries.status, 'canceled'),
        sql`${deliveries.chargeAttempts} > 0`,
        sql`${deliveries.orderId} is not null`,
      ),
    )
    .orderBy(desc(deliveries.deliveryDate))
    .limit(1);
  return row;
}

/** Moves the named boxes of a subscription between states, only from the given ones. */
export async function setBoxesStatus(
  db: Database,
  subscriptionId: number,
  dates: string[],
  from: DeliveryStatus[],
  status: DeliveryStatus,
): Promise<void> {
  if (dates.length === 0) return;
  await db
    .update(deliveries)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        inArray(deliveries.deliveryDate, dates),
        inArray(deliveries.status, from),
      ),
    );
}

export async function setOneTimeDiscount(db: Database, deliveryId: number, basisPoints: number) {
  await db
    .update(deliveries)
    .set({ oneTimeDiscountBasisPoints: basisPoints, updatedAt: sql`now()` })
    .where(eq(deliveries.id, deliveryId));
}

/** Removes the boxes that were never made (scheduled, skipped, canceled) from a day on: a restart's clean slate. */
export async function deleteUnmadeDeliveries(db: Database, subscriptionId: number, fromDate: string) {
  await db
    .delete(deliveries)
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        inArray(deliveries.status, ['scheduled', 'skipped', 'canceled']),
        gte(deliveries.deliveryDate, fromDate),
      ),
    );
}

export async function insertCancellation(db: Database, row: typeof subscriptionCancellations.$inferInsert) {
  const [inserted] = await db.insert(subscriptionCancellations).values(row).returning();
  return inserted!;
}

export async function updateCancellation(
  db: Database,
  cancellationId: number,
  changes: Partial<Omit<typeof subscriptionCancellations.$inferInsert, 'id' | 'subscriptionId'>>,
) {
  await db
    .update(subscriptionCancellations)
    .set(changes)
    .where(eq(subscriptionCancellations.id, cancellationId));
}

/** The subscription's latest cancellation, whatever its outcome. */
export async function findLatestCancellation(db: Database, subscriptionId: number) {
  const [row] = await db
    .select()
    .from(subscriptionCancellations)
    .where(eq(subscriptionCancellations.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionCancellations.createdAt), desc(subscriptionCancellations.id))
    .limit(1);
  return row;
}

/** The kinds of retention offer this subscription's customer has already taken (each at most once). */
export async function listAcceptedOfferKinds(db: Database, subscriptionId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ kind: sql<string>`${subscriptionCancellations.offer}->>'kind'` })
    .from(subscriptionCancellations)
    .where(
      and(
        eq(subscriptionCancellations.subscriptionId, subscriptionId),
        eq(subscriptionCancellations.outcome, 'accepted'),
        sql`${subscriptionCancellations.offer} is not null`,
      ),
    );
  return rows.map((row) => row.kind);
}

/**
 * A paused subscription whose pause ends on or before a day, claimed for this transaction past
 * other replicas' claims: to resume it, or (`remind`) to send its "we start again soon" email once.
 */
export async function claimPausedSubscription(
  db: Database,
  purpose: 'resume' | 'remind',
  resumeOnOrBefore: string,
) {
  const [row] = await db
    .select({ subscription: subscriptions, email: users.email, firstName: users.firstName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, 'paused'),
        lte(subscriptions.resumeOn, resumeOnOrBefore),
        purpose === 'remind' ? sql`${subscriptions.resumeReminderSentAt} is null` : undefined,
      ),
    )
    .orderBy(asc(subscriptions.resumeOn), asc(subscriptions.id))
    .limit(1)
    .for('update', { of: subscriptions, skipLocked: true });
  return row;
}

export async function findUserContact(db: Database, userId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// ─── Admin: reports (decision 027) ───────────────────────────────────────────────────────────

export async function countSubscriptionsByStatus(db: Database) {
  return db
    .select({ status: subscriptions.status, count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .groupBy(subscriptions.status);
}

/** Cancellations started in [from, to), by reason and outcome (the offer accepted or not). */
export async function cancellationReport(db: Database, from: Date, to: Date) {
  const { subscriptionCancellations } = schema;
  return db
    .select({
      reason: subscriptionCancellations.reason,
      outcome: subscriptionCancellations.outcome,
      count: sql<number>`count(*)::int`,
    })
    .from(subscriptionCancellations)
    .where(
      and(
        sql`${subscriptionCancellations.createdAt} >= ${from.toISOString()}`,
        sql`${subscriptionCancellations.createdAt} < ${to.toISOString()}`,
      ),
    )
    .groupBy(subscriptionCancellations.reason, subscriptionCancellations.outcome);
}

/**
 * The delivery statuses of boxes the kitchen cooks, each counted in its own column: `charged` (paid:
 * every first box, which checkout writes as charged, and every renewal charged at its cutoff),
 * `locked` (past the cutoff, being charged), `failed` (a declined renewal still retried before
 * its delivery day: cooked, because most retries succeed and a box cannot be made the night
 * before) and `scheduled` (may still change until its cutoff). Skipped and canceled boxes are not
 * made.
 */
export const KITCHEN_STATUSES = ['charged', 'locked', 'failed', 'scheduled'] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];

const itemsWithStatus = (status: KitchenStatus) =>
  sql<number>`(coalesce(sum(${deliveryItems.quantity}) filter (where ${deliveries.status} = ${status}), 0))::int`;

/**
 * The kitchen's plan: for each delivery week (its Monday) from `fromDate` to before `toDate`, how
 * many of each product are in boxes that will ship, by the box's status (KITCHEN_STATUSES).
 */
export async function kitchenPlan(db: Database, fromDate: string, toDate: string) {
  const week = sql<string>`to_char(date_trunc('week', ${deliveries.deliveryDate}::timestamp), 'YYYY-MM-DD')`;
  return db
    .select({
      week,
      productId: products.id,
      sku: products.sku,
      name: products.name,
      charged: itemsWithStatus('charged'),
      locked: itemsWithStatus('locked'),
      failed: itemsWithStatus('failed'),
      scheduled: itemsWithStatus('scheduled'),
      // Of them, what the store picked (the smart box, docs/decisions/055) rather than the customer.
      picked: sql<number>`(coalesce(sum(${deliveryItems.pickedQuantity}), 0))::int`,
    })
    .from(deliveryItems)
    .innerJoin(deliveries, eq(deliveries.id, deliveryItems.deliveryId))
    .innerJoin(products, eq(products.id, deliveryItems.productId))
    .where(
      and(
        inArray(deliveries.status, [...KITCHEN_STATUSES]),
        gte(deliveries.deliveryDate, fromDate),
        sql`${deliveries.deliveryDate} < ${toDate}`,
      ),
    )
    .groupBy(week, products.id, products.sku, products.name)
    .orderBy(week, desc(sql`sum(${deliveryItems.quantity})`), products.name);
}

// ─── The smart box (docs/decisions/055): the store's picks in a box ─────────────────────────

/**
 * The dishes of the subscription's boxes before a day that are or will be made (not skipped or
 * canceled), the latest box first: what "not the same dish three boxes running" reads.
 */
export async function listRecentBoxDishes(
  db: Database,
  subscriptionId: number,
  beforeDate: string,
  boxes: number,
): Promise<number[][]> {
  const rows = await db
    .select({
      productIds: sql<number[]>`array(
        select ${deliveryItems.productId} from ${deliveryItems}
        where ${deliveryItems.deliveryId} = ${deliveries.id} order by ${deliveryItems.productId})`,
    })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.subscriptionId, subscriptionId),
        inArray(deliveries.status, ['scheduled', 'locked', 'charged', 'failed']),
        sql`${deliveries.deliveryDate} < ${beforeDate}`,
      ),
    )
    .orderBy(desc(deliveries.deliveryDate))
    .limit(boxes);
  return rows.map((row) => row.productIds.map(Number));
}

/**
 * Adds the store's picks to a box: more of a dish already in it keeps the customer's units as
 * chosen and counts the new ones as picked, with the pick's reason.
 */
export async function addPickedDeliveryItems(
  db: Database,
  deliveryId: number,
  picks: readonly { productId: number; quantity: number; reason: string }[],
) {
  if (picks.length === 0) return;
  await db
    .insert(deliveryItems)
    .values(
      picks.map((pick) => ({
        deliveryId,
        productId: pick.productId,
        quantity: pick.quantity,
        pickedQuantity: pick.quantity,
        pickReason: pick.reason,
      })),
    )
    .onConflictDoUpdate({
      target: [deliveryItems.deliveryId, deliveryItems.productId],
      set: {
        quantity: sql`${deliveryItems.quantity} + excluded.quantity`,
        pickedQuantity: sql`${deliveryItems.pickedQuantity} + excluded.picked_quantity`,
        pickReason: sql`excluded.pick_reason`,
      },
    });
}
