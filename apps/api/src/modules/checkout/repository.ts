import type { Database } from '@sprout/db';
import { preparedQuery, preparedWithParts, type StatementPart, schema } from '@sprout/db';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';

const {
  abandonedCartUpsellItems,
  categories,
  checkoutAttempts,
  checkoutUpsellProducts,
  orderLines,
  orders,
  products,
  routeGrants,
} = schema;

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

// ─── Upsell ──────────────────────────────────────────────────────────────────────────────────

/** The add-ons offered at checkout, with how many of each this cart holds: one statement. */
export async function listUpsellOffers(db: Database, cartId: string) {
  return db
    .select({
      productId: products.id,
      sku: products.sku,
      name: products.name,
      description: products.excerpt,
      categoryName: categories.name,
      image: products.image,
      basePriceCents: categories.basePriceCents,
      premiumDifferenceCents: products.premiumDifferenceCents,
      maxQuantity: checkoutUpsellProducts.maxQuantity,
      quantity: sql<number>`coalesce(${abandonedCartUpsellItems.quantity}, 0)`.mapWith(Number),
    })
    .from(checkoutUpsellProducts)
    .innerJoin(products, eq(products.id, checkoutUpsellProducts.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(
      abandonedCartUpsellItems,
      and(eq(abandonedCartUpsellItems.productId, products.id), eq(abandonedCartUpsellItems.cartId, cartId)),
    )
    .where(eq(products.isActive, true))
    .orderBy(desc(checkoutUpsellProducts.sortingWeight), asc(products.name));
}

export async function findUpsellOffer(db: Database, cartId: string, sku: string) {
  const [row] = await db
    .select({
      productId: products.id,
      maxQuantity: checkoutUpsellProducts.maxQuantity,
      quantity: sql<number>`coalesce(${abandonedCartUpsellItems.quantity}, 0)`.mapWith(Number),
    })
    .from(checkoutUpsellProducts)
    .innerJoin(products, eq(products.id, checkoutUpsellProducts.productId))
    .leftJoin(
      abandonedCartUpsellItems,
      and(eq(abandonedCartUpsellItems.productId, products.id), eq(abandonedCartUpsellItems.cartId, cartId)),
    )
    .where(and(eq(products.sku, sku), eq(products.isActive, true)));
  return row;
}

// ─── Card authorizations of checkout attempts ────────────────────────────────────────────────

export type CheckoutAttemptRow = typeof checkoutAttempts.$inferSelect;

export async function findAttempt(db: Database, key: string) {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
  return row;
}

export type AttemptOpening =
  | { outcome: 'opened'; cardSlot: number | null }
  | { outcome: 'existing'; attempt: Pick<CheckoutAttemptRow, 'status' | 'amountCents'> }
  | { outcome: 'limited' | 'address_limited' | 'card_limited' | 'cart_busy' | 'card_busy' };

/** A decline limit the opening statement checks (subject null: not checked). */
export type DeclineLimit = { subject: string | null; max: number; windowMinutes: number };

/**
 * Writes the attempt as `pending` BEFORE the provider is asked, so a hold can never exist without
 * its row (docs/decisions/016). One statement, `open_checkout_attempt` (migrations 0020, 0021 and
 * 0023): serialised per cart by an advisory lock, it asks the address's decline limit (only for a
 * cart that had a decline itself), finds the key's attempt, counts the cart's recent declines
 * (`limited`) and asks in flight (`cart_busy` when they fill the rest), and takes an in-flight slot
 * of the card's decline limit through the limits module's `take_in_flight_limit_slot`
 * (`card_limited` at its declines, `card_busy` while attempts in flight fill it), all after taking
 * the lock, so parallel submits cannot all pass a limit, and none is refused for another's attempt
 * in flight. A refused or busy opening writes no attempt.
 */
export async function openAttempt(
  db: Database,
  attempt: {
    idempotencyKey: string;
    abandonedCartId: string;
    amountCents: number;
    providerRequest: unknown;
  },
  limits: {
    cart: { maxDeclines: number; windowMinutes: number };
    address: DeclineLimit;
    card: DeclineLimit;
    /** An ask in flight longer than this counts as a decline (its process died before the answer). */
    inFlightMinutes: number;
  },
): Promise<AttemptOpening> {
  const [row] = await openAttemptQuery(db, {
    key: attempt.idempotencyKey,
    cartId: attempt.abandonedCartId,
    amountCents: attempt.amountCents,
    providerRequest: JSON.stringify(attempt.providerRequest),
    maxDeclines: limits.cart.maxDeclines,
    windowMinutes: limits.cart.windowMinutes,
    addressSubject: limits.address.subject,
    addressMax: limits.address.max,
    addressWindowMinutes: limits.address.windowMinutes,
    cardSubject: limits.card.subject,
    cardMax: limits.card.max,
    cardWindowMinutes: limits.card.windowMinutes,
    inFlightMinutes: limits.inFlightMinutes,
  });
  if (!row) throw new Error('open_checkout_attempt answered no row');
  if (row.outcome === 'existing') {
    return {
      outcome: 'existing',
      attempt: { status: row.status as CheckoutAttemptRow['status'], amountCents: Number(row.amountCents) },
    };
  }
  if (row.outcome === 'opened') {
    return { outcome: 'opened', cardSlot: row.cardSlot === null ? null : Number(row.cardSlot) };
  }
  return { outcome: row.outcome };
}

// Checkout's statements are built once and prepared (decision 022): every completion runs them.
const openAttemptQuery = preparedQuery('checkout_open_attempt', (db) => {
  const p = sql.placeholder;
  return db
    .select({
      outcome: sql<
        'opened' | 'existing' | 'limited' | 'address_limited' | 'card_limited' | 'cart_busy' | 'card_busy'
      >`o_outcome`,
      status: sql<string | null>`o_status`,
      amountCents: sql<number | null>`o_amount_cents`,
      cardSlot: sql<number | null>`o_card_slot`,
    })
    .from(
      sql`open_checkout_attempt(${p('key')}::text, ${p('cartId')}::uuid, ${p('amountCents')}::int,
        ${p('providerRequest')}::jsonb, ${p('maxDeclines')}::int, ${p('windowMinutes')}::int,
        ${p('addressSubject')}::text, ${p('addressMax')}::int, ${p('addressWindowMinutes')}::int,
        ${p('cardSubject')}::text, ${p('cardMax')}::int, ${p('cardWindowMinutes')}::int,
        ${p('inFlightMinutes')}::int)`,
    );
});

/**
 * The provider's answer for a pending attempt: authorized (a hold, maybe awaiting 3-D Secure) or
 * declined. False when the attempt ended meanwhile (the reconcile job released it). `cardSlot`, the
 * card's in-flight decline slot, is settled by the same statement (`settle_checkout_attempt`,
 * migration 0023): kept for a decline (limits' `keep_limit_slot`), given back for anything else
 * (`give_back_limit_slot`), whether or not the attempt was settled.
 */
export async function settleAttempt(
  db: Database,
  key: string,
  answer: { paymentIntentId: string; status: 'authorized' | 'declined' },
  cardSlot: number | null = null,
): Promise<boolean> {
  const [row] = await settleAttemptQuery(db, { key, ...answer, cardSlot });
  return row?.settled === true;
}

const settleAttemptQuery = preparedQuery('checkout_settle_attempt', (db) => {
  const p = sql.placeholder;
  return db.select({ settled: sql<boolean>`settled` }).from(
    sql`settle_checkout_attempt(${p('key')}::text, ${p('paymentIntentId')}::text, ${p('status')}::text,
        ${p('cardSlot')}::int) as settled`,
  );
});

/** pending → released by the reconcile job, with the hold it found; false when it was settled meanwhile. */
export async function releasePendingAttempt(db: Database, key: string, paymentIntentId: string | null) {
  const rows = await db
    .update(checkoutAttempts)
    .set({ status: 'released', paymentIntentId, updatedAt: sql`now()` })
    .where(and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.status, 'pending')))
    .returning({ key: checkoutAttempts.idempotencyKey });
  return rows.length > 0;
}

/** authorized → released; answers the intent to cancel, or null when it was ordered (or released) already. */
export async function releaseAttempt(db: Database, key: string): Promise<string | null> {
  const rows = await db
    .update(checkoutAttempts)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.status, 'authorized')))
    .returning({ paymentIntentId: checkoutAttempts.paymentIntentId });
  return rows[0]?.paymentIntentId ?? null;
}

/** The jobs' clock in SQL: a set instant, or the database's now(). */
const asOfSql = (asOf: Date | null) => sql`coalesce(${asOf?.toISOString() ?? null}::timestamptz, now())`;

/** Authorizations nobody completed (the customer left, the retry never came). */
export async function listStaleAttempts(
  db: Database,
  olderThanMinutes: number,
  limit: number,
  /** The jobs' clock: null is the database's now(). */
  asOf: Date | null = null,
) {
  return db
    .select({
      idempotencyKey: checkoutAttempts.idempotencyKey,
      status: checkoutAttempts.status,
      providerRequest: checkoutAttempts.providerRequest,
    })
    .from(checkoutAttempts)
    .where(
      and(
        inArray(checkoutAttempts.status, ['authorized', 'pending']),
        sql`${checkoutAttempts.createdAt} < ${asOfSql(asOf)} - make_interval(mins => ${olderThanMinutes})`,
      ),
    )
    .orderBy(asc(checkoutAttempts.createdAt))
    .limit(limit);
}

/** Orders whose capture failed after their commit, oldest first, still worth retrying. */
export async function listPendingCaptures(
  db: Database,
  olderThanSeconds: number,
  maxFailures: number,
  limit: number,
  asOf: Date | null = null,
) {
  return db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId, subscriptionId: orders.subscriptionId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'payment_pending'),
        sql`${orders.captureFailures} < ${maxFailures}`,
        sql`${orders.createdAt} < ${asOfSql(asOf)} - make_interval(secs => ${olderThanSeconds})`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

export async function countCaptureFailure(db: Database, orderId: number) {
  await db
    .update(orders)
    .set({ captureFailures: sql`${orders.captureFailures} + 1` })
    .where(eq(orders.id, orderId));
}

/** The payment can never be collected: the order is canceled (its subscription is paused by the caller). */
export async function cancelUnpaidOrder(db: Database, orderId: number) {
  await db
    .update(orders)
    .set({ status: 'canceled' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'payment_pending')));
}

/** A renewal's payment outcome: paid with the intent and card, or canceled. */
export async function settleOrderPayment(
  db: Database,
  orderId: number,
  outcome: Pick<NewOrder, 'status' | 'paymentProvider' | 'paymentIntentId' | 'cardBrand' | 'cardLast4'>,
) {
  await db
    .update(orders)
    .set(outcome)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'payment_pending')));
}

/**
 * A renewal order canceled when its box was given up, owed again: its customer resumed with a new
 * card while the box can still be sent (decision 040). Only a renewal's, only from canceled.
 */
export async function reopenCanceledRenewalOrder(db: Database, orderId: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'payment_pending' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'canceled'), isNotNull(orders.deliveryId)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

// ─── Completion ──────────────────────────────────────────────────────────────────────────────

export async function findOrderByIdempotencyKey(db: Database, key: string) {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row;
}

export type NewOrderLineOf = Omit<NewOrderLine, 'orderId'>;

/**
 * An order and every line of it in one statement, whatever the size of the box: the order's id is
 * drawn from its sequence first (a CTE), so the lines' insert can name it. The lines' foreign key
 * is checked at the end of the statement, when the order exists.
 */
export async function insertOrderWithLines(
  db: Database,
  order: NewOrder,
  lines: NewOrderLineOf[],
): Promise<OrderRow> {
  const newOrderId = newOrderIdCte(db);
  const newLines = newOrderLinesCte(db, sql`${linesJson(lines)}`);
  const [row] = await db
    .with(newOrderId, newLines)
    .insert(orders)
    .values({ ...order, id: sql`(select id from new_order_id)` })
    .returning();
  return row!;
}

/**
 * Checkout's order, its lines and the success page's one-time grant in one statement (checkout's
 * statement budget, decision 022),
 * prepared once per set of order columns (decision 022): the lines go in as one JSON value and the
 * grant names the order's id drawn from its sequence first, so the SQL text never depends on the
 * box. (Checkout always writes the same columns, so one prepared statement serves it.)
 */
export async function insertCheckoutOrder(
  db: Database,
  order: NewOrder,
  lines: NewOrderLineOf[],
  grant: { route: string; expiresAt: Date },
  /**
   * The key whose authorized attempt this order takes (authorized → ordered) in the same statement,
   * or null for an order without a card. `claimed` false: the hold was released meanwhile (a refusal
   * or the reconcile job), and the caller must roll the order back (never both).
   */
  claimKey: string | null,
  /** Other modules' writes in the same statement (decision 033); `orderId` is offered them. */
  alongWith: StatementPart[] = [],
): Promise<OrderRow & { claimed: boolean }> {
  const columns = Object.keys(order).filter((key) => key !== 'id') as (keyof NewOrder)[];
  const signature = columns.join(',');
  let query = checkoutOrderQueries.get(signature);
  if (!query) {
    query = checkoutOrderQuery(`checkout_order_${checkoutOrderQueries.size + 1}`, columns);
    checkoutOrderQueries.set(signature, query);
  }
  const [row] = await query(
    db,
    {
      ...Object.fromEntries(columns.map((column) => [`order_${String(column)}`, order[column]])),
      lines: linesJson(lines),
      grantUserId: order.userId,
      grantRoute: grant.route,
      grantExpiresAt: grant.expiresAt.toISOString(),
      claimKey,
    },
    alongWith,
  );
  return row!;
}

/** The new order's id, drawn from its sequence first so its lines (and grant) can name it. */
const newOrderIdCte = (db: Database) =>
  db
    .$with('new_order_id', { id: sql<number>`id`.as('id') })
    .as(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);

/** The order's lines from one JSON value (`linesJson`): the SQL text is the same whatever the box holds. */
const newOrderLinesCte = (db: Database, lines: SQL) =>
  db.$with('new_order_lines', {}).as(sql`
    insert into ${orderLines} (order_id, product_id, is_upsell, sku, name, quantity, unit_price_cents,
      regular_unit_price_cents)
    select new_order_id.id, line.product_id, line.is_upsell, line.sku, line.name, line.quantity,
      line.unit_price_cents, line.regular_unit_price_cents
    from new_order_id, json_to_recordset(${lines}::json) as line(product_id int, is_upsell boolean,
      sku text, name text, quantity int, unit_price_cents int, regular_unit_price_cents int)`);

const linesJson = (lines: NewOrderLineOf[]) =>
  JSON.stringify(
    lines.map((line) => ({
      product_id: line.productId,
      is_upsell: line.isUpsell,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      regular_unit_price_cents: line.regularUnitPriceCents,
    })),
  );

const checkoutOrderQueries = new Map<string, ReturnType<typeof checkoutOrderQuery>>();

function checkoutOrderQuery(name: string, columns: (keyof NewOrder)[]) {
  return preparedWithParts<Record<string, unknown>, (OrderRow & { claimed: boolean })[]>(
    name,
    (db, parts) => {
      const newOrderId = newOrderIdCte(db);
      const newLines = newOrderLinesCte(db, sql`${sql.placeholder('lines')}`);
      const newGrant = db.$with('new_route_grant', {}).as(sql`
      insert into ${routeGrants} (user_id, route, order_id, expires_at)
      select ${sql.placeholder('grantUserId')}::int, ${sql.placeholder('grantRoute')}::text,
        new_order_id.id, ${sql.placeholder('grantExpiresAt')}::timestamptz
      from new_order_id`);
      // The attempt's claim rides along (one statement fewer in the transaction); a data-modifying
      // CTE runs whether or not it is referenced, and RETURNING reports whether it took the hold.
      const claim = db.$with('checkout_claim', {}).as(sql`
      update ${checkoutAttempts} set status = 'ordered', updated_at = now()
      where ${checkoutAttempts.idempotencyKey} = ${sql.placeholder('claimKey')}::text
        and ${checkoutAttempts.status} = 'authorized'
      returning 1`);
      const values = Object.fromEntries(
        columns.map((column) => [column, sql.placeholder(`order_${String(column)}`)]),
      ) as unknown as NewOrder;
      return db
        .with(newOrderId, newLines, newGrant, claim, ...parts)
        .insert(orders)
        .values({ ...values, id: sql`(select id from new_order_id)` })
        .returning({
          ...getTableColumns(orders),
          claimed: sql<boolean>`exists(select 1 from checkout_claim)`,
        });
    },
    { orderId: sql`(select id from new_order_id)` },
  );
}

/**
 * Sets the status of the orders paid with this payment intent, only from the given statuses (so
 * an event arriving late never undoes a later one). Answers how many orders changed.
 */
export async function setOrderStatusByPaymentIntent(
  db: Database,
  paymentIntentId: string,
  status: OrderRow['status'],
  from: OrderRow['status'][],
): Promise<number> {
  const updated = await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.paymentIntentId, paymentIntentId), inArray(orders.status, from)))
    .returning({ id: orders.id });
  return updated.length;
}

export async function setOrderStatus(db: Database, orderId: number, status: OrderRow['status']) {
  await orderStatusQuery(db, { orderId, status });
}

const orderStatusQuery = preparedQuery('checkout_order_status', (db) =>
  db
    .update(orders)
    .set({ status: sql.placeholder('status') } as unknown as Partial<OrderRow>)
    .where(eq(orders.id, sql.placeholder('orderId'))),
);

// ─── Success page grant ──────────────────────────────────────────────────────────────────────

export const CHECKOUT_SUCCESS_ROUTE = 'onboarding-checkout-success';

export async function insertRouteGrant(db: Database, grant: typeof routeGrants.$inferInsert) {
  await db.insert(routeGrants).values(grant);
}

/** The user's unexpired, unused grant for a route. */
const usableGrant = (userId: number, route: string) =>
  and(
    eq(routeGrants.userId, userId),
    eq(routeGrants.route, route),
    isNull(routeGrants.consumedAt),
    gt(routeGrants.expiresAt, sql`now()`),
  );

export async function hasUsableGrant(db: Database, userId: number, route: string): Promise<boolean> {
  const [row] = await db
    .select({ id: routeGrants.id })
    .from(routeGrants)
    .where(usableGrant(userId, route))
    .limit(1);
  return row !== undefined;
}

/** Uses the grant up: of two simultaneous visits only one gets the order id. */
export async function consumeGrant(db: Database, userId: number, route: string): Promise<number | null> {
  const rows = await db
    .update(routeGrants)
    .set({ consumedAt: sql`now()` })
    .where(usableGrant(userId, route))
    .returning({ orderId: routeGrants.orderId });
  return rows[0]?.orderId ?? null;
}

/** Uses a grant that carries no order (the lifecycle's outcome pages): whether there was one. */
export async function consumeVisitGrant(db: Database, userId: number, route: string): Promise<boolean> {
  const rows = await db
    .update(routeGrants)
    .set({ consumedAt: sql`now()` })
    .where(usableGrant(userId, route))
    .returning({ id: routeGrants.id });
  return rows.length > 0;
}

// ─── Reading orders ──────────────────────────────────────────────────────────────────────────

/**
 * An order's refunds that succeeded, in cents, for a select from `orders`. Written out in full:
 * drizzle leaves the columns of a one-table select unqualified, and an unqualified "id" inside
 * the sub-select would be the refund's own id, not the order's.
 */
const refundedCentsOfOrder = sql<number>`coalesce((select sum(refund.amount_cents) from order_refunds refund
  where refund.order_id = orders.id and refund.status = 'succeeded'), 0)::int`;

const orderWithLines = {
  order: orders,
  refundedCents: refundedCentsOfOrder,
  lines: sql<OrderLineJson[]>`coalesce((
    select json_agg(json_build_object(
      'sku', ${orderLines.sku}, 'name', ${orderLines.name}, 'quantity', ${orderLines.quantity},
      'unit_price_cents', ${orderLines.unitPriceCents}, 'is_upsell', ${orderLines.isUpsell})
      order by ${orderLines.isUpsell}, ${orderLines.name})
    from ${orderLines} where ${orderLines.orderId} = ${orders.id}), '[]'::json)`,
};

export type OrderLineJson = {
  sku: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  is_upsell: boolean;
};

export async function findOrder(db: Database, orderId: number) {
  const [row] = await db.select(orderWithLines).from(orders).where(eq(orders.id, orderId));
  return row;
}

/** A page of a customer's orders, newest first, with their lines: two statements. */
export async function listOrders(db: Database, userId: number, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(orderWithLines)
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findOrderFirstNames(db: Database, orderIds: number[]) {
  return db
    .select({ id: orders.id, firstName: orders.shipFirstName })
    .from(orders)
    .where(inArray(orders.id, orderIds));
}

// ─── Admin: search, reports and refunds (decision 027) ──────────────────────────────────────

const { orderRefunds } = schema;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/** Orders by id or by email (a part of it, any case), newest first. */
export async function searchOrders(db: Database, query: { orderId?: number; email?: string }, limit: number) {
  const where =
    query.orderId !== undefined
      ? eq(orders.id, query.orderId)
      : query.email
        ? sql`${orders.email} ilike ${`%${query.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : undefined;
  return searchOrdersWhere(db, where, limit);
}

/** A customer's orders for the admin, newest first, without lines. */
export async function listOrdersOfUser(db: Database, userId: number, limit: number) {
  return searchOrdersWhere(db, eq(orders.userId, userId), limit);
}

function searchOrdersWhere(db: Database, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: orders.id,
      email: orders.email,
      status: orders.status,
      totalCents: orders.totalCents,
      refundedCents: refundedCentsOfOrder,
      deliveryDate: orders.deliveryDate,
      createdAt: orders.createdAt,
      userId: orders.userId,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Orders and revenue per UTC day since `since` (canceled orders are not sales; refunds are taken off). */
export async function ordersPerDay(db: Database, since: Date) {
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`(coalesce(sum(${orders.totalCents}), 0) - sum(${refundedCentsOfOrder}))::int`,
    })
    .from(orders)
    .where(and(sql`${orders.createdAt} >= ${since.toISOString()}`, sql`${orders.status} <> 'canceled'`))
    .groupBy(day)
    .orderBy(day);
}

/** Per promo code: the orders placed with it and their revenue. */
export async function promoCodeSales(db: Database) {
  return db
    .select({
      promoCodeId: orders.promoCodeId,
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
    })
    .from(orders)
    .where(and(sql`${orders.promoCodeId} is not null`, sql`${orders.status} <> 'canceled'`))
    .groupBy(orders.promoCodeId);
}

/** The order row locked for the rest of the transaction: refunds of one order never race. */
export async function lockOrder(tx: Database, orderId: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function findRefundByKey(db: Database, idempotencyKey: string) {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, idempotencyKey));
  return row;
}

export async function listRefunds(db: Database, orderId: number) {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/** Insert unless the key exists; the existing row wins (a double submit). */
export async function insertRefundIfAbsent(tx: Database, refund: typeof orderRefunds.$inferInsert) {
  const [row] = await tx.insert(orderRefunds).values(refund).onConflictDoNothing().returning();
  return row;
}

export async function settleRefund(
  tx: Database,
  refundId: number,
  changes: { status: 'succeeded' | 'failed'; providerRefundId?: string | null },
) {
  const [row] = await tx.update(orderRefunds).set(changes).where(eq(orderRefunds.id, refundId)).returning();
  return row!;
}

// ─── Delivered orders, for the ratings flow (docs/decisions/055, Ratings) ─────────────────────

/**
 * Paid orders delivered on a day in [since, before), after `afterId`, by id: the ratings email
 * job pages through them (families decides which to email).
 */
export function listDeliveredOrders(
  db: Database,
  window: { since: string; before: string; afterId: number; limit: number },
) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      email: orders.email,
      firstName: orders.shipFirstName,
      deliveryDate: orders.deliveryDate,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        sql`${orders.deliveryDate} >= ${window.since}`,
        sql`${orders.deliveryDate} < ${window.before}`,
        gt(orders.id, window.afterId),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(window.limit);
}

/** An order's customer, status, delivery day and box dishes (each product once, by name). */
export async function findOrderDishes(db: Database, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      deliveryDate: orders.deliveryDate,
      dishes: sql<{ product_id: number; sku: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('product_id', d.product_id, 'sku', d.sku, 'name', d.name) order by d.name)
        from (select distinct ${orderLines.productId} as product_id, ${orderLines.sku} as sku, ${orderLines.name} as name
              from ${orderLines} where ${orderLines.orderId} = ${orders.id} and not ${orderLines.isUpsell}) d), '[]'::json)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}
