import { type Order, paginate } from '@sprout/contracts';
import type { Database, StatementPart } from '@sprout/db';
import type { CostBreakdown } from '../../domain/costs';
import { orderNumber } from '../../domain/order-number';
import { AppError } from '../../errors/app-error';
import * as repository from './repository';
import { toOrder } from './wire';

/**
 * Uses the success page's one-time grant up: the order it was granted for, or null when there is
 * none (used, expired, or never granted).
 */
export function consumeCheckoutSuccessGrant(db: Database, userId: number): Promise<number | null> {
  return repository.consumeGrant(db, userId, repository.CHECKOUT_SUCCESS_ROUTE);
}

/** An order with its lines and what was refunded of it, or undefined. */
export function findOrder(db: Database, orderId: number) {
  return repository.findOrder(db, orderId);
}

export async function hasCheckoutSuccessGrant(db: Database, userId: number): Promise<boolean> {
  return repository.hasUsableGrant(db, userId, repository.CHECKOUT_SUCCESS_ROUTE);
}

/**
 * One visit of a page that shows an outcome once (the pause, offer and cancellation pages, decision
 * 023), granted in the transaction that made the outcome and used up by the first visit.
 */
export async function grantOneVisit(tx: Database, userId: number, route: string, hours = 24): Promise<void> {
  await repository.insertRouteGrant(tx, {
    userId,
    route,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
}

export function hasVisitGrant(db: Database, userId: number, route: string): Promise<boolean> {
  return repository.hasUsableGrant(db, userId, route);
}

export function consumeVisitGrant(db: Database, userId: number, route: string): Promise<boolean> {
  return repository.consumeVisitGrant(db, userId, route);
}

export async function listOrders(
  db: Database,
  userId: number,
  page: { page: number; perPage: number },
): Promise<{ data: Order[]; meta: { pagination: ReturnType<typeof paginate> } }> {
  const { rows, total } = await repository.listOrders(db, userId, {
    limit: page.perPage,
    offset: (page.page - 1) * page.perPage,
  });
  return {
    data: rows.map((row) => toOrder(row.order, row.lines, row.refundedCents)),
    meta: { pagination: paginate(total, page.page, page.perPage, rows.length) },
  };
}

export type OrderStatus = repository.OrderRow['status'];

/**
 * Sets the status of the orders paid with this payment intent, only from the given statuses (a
 * payment event arriving late never undoes a later one). Answers how many orders changed.
 */
export function setOrderStatusByPaymentIntent(
  tx: Database,
  paymentIntentId: string,
  status: OrderStatus,
  from: OrderStatus[],
): Promise<number> {
  return repository.setOrderStatusByPaymentIntent(tx, paymentIntentId, status, from);
}

export type OrderRow = repository.OrderRow;
export type NewOrder = repository.NewOrder;
export type NewOrderLine = repository.NewOrderLineOf;

/** An order's cost columns from the priced costs: a checkout's order and a renewal's store the same. */
export function orderCostColumns(costs: Omit<CostBreakdown, 'giftCardsAvailableCents'>) {
  return {
    itemsCents: costs.itemsCents,
    promoDiscountCents: costs.promoDiscountCents,
    orderValueDiscountCents: costs.orderValueDiscountCents,
    shippingCents: costs.shippingCents,
    shippingBeforeDiscountCents: costs.shippingBeforeDiscountCents,
    taxCents: costs.taxCents,
    taxBeforeDiscountCents: costs.taxBeforeDiscountCents,
    referralCreditsCents: costs.referralCreditsAppliedCents,
    creditsAppliedCents: costs.creditsAppliedCents,
    giftCardsAppliedCents: costs.giftCardsAppliedCents,
    compedCents: costs.compedAppliedCents,
    totalCents: costs.totalCents,
  } satisfies Partial<NewOrder>;
}

/**
 * A renewal's order with its lines, in the caller's transaction (checkout owns orders). The
 * idempotency key decides: a box whose order exists gets that order back, never a second one.
 */
export async function createRenewalOrder(
  tx: Database,
  order: NewOrder,
  lines: NewOrderLine[],
): Promise<{ order: OrderRow; created: boolean }> {
  const existing = await repository.findOrderByIdempotencyKey(tx, order.idempotencyKey);
  if (existing) return { order: existing, created: false };
  const created = await repository.insertOrderWithLines(tx, order, lines);
  return { order: created, created: true };
}

/**
 * A checkout's order, its lines, the success page's grant until `grantExpiresAt`, the claim of the
 * attempt's hold and the parts other modules write along: one statement (repository).
 */
export function placeCheckoutOrder(
  tx: Database,
  order: NewOrder,
  lines: NewOrderLine[],
  grantExpiresAt: Date,
  claimKey: string | null,
  alongWith: StatementPart[],
) {
  return repository.insertCheckoutOrder(
    tx,
    order,
    lines,
    { route: repository.CHECKOUT_SUCCESS_ROUTE, expiresAt: grantExpiresAt },
    claimKey,
    alongWith,
  );
}

/** The add-ons offered at checkout, as stored for this cart. */
export function listUpsellOffers(db: Database, cartId: string) {
  return repository.listUpsellOffers(db, cartId);
}

/** One add-on offered at checkout to this cart, with how many the cart holds, or undefined. */
export function findUpsellOffer(db: Database, cartId: string, sku: string) {
  return repository.findUpsellOffer(db, cartId, sku);
}

export async function findOrderByIdempotencyKey(db: Database, key: string): Promise<OrderRow | undefined> {
  return repository.findOrderByIdempotencyKey(db, key);
}

/** A renewal's charge went through (paid, with the intent and card) or was given up (canceled). */
export function settleRenewalOrder(
  tx: Database,
  orderId: number,
  outcome: Parameters<typeof repository.settleOrderPayment>[2],
): Promise<void> {
  return repository.settleOrderPayment(tx, orderId, outcome);
}

/** A given-up renewal's canceled order, owed again when its box is retried (repository). */
export function reopenRenewalOrder(tx: Database, orderId: number): Promise<boolean> {
  return repository.reopenCanceledRenewalOrder(tx, orderId);
}

/**
 * One order as its receipt, for its customer only: an unknown order is a 404, another customer's
 * a 403 (the account API answers 403 for another customer's data: it exists, but is not theirs).
 */
export async function customerOrder(db: Database, userId: number, orderId: number): Promise<Order> {
  const found = await repository.findOrder(db, orderId);
  if (!found) throw AppError.notFound('We could not find this order.');
  if (found.order.userId !== userId) throw new AppError('forbidden', 'You can only see your own orders.');
  return toOrder(found.order, found.lines, found.refundedCents);
}

/** The first names on these orders (their shipping names), by order id: a referral list names friends by them. */
export async function firstNamesOfOrders(db: Database, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await repository.findOrderFirstNames(db, orderIds);
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/** Attempts holding a card (or pending an answer) for longer than this, for the release job. */
export function listStaleAttempts(...args: Parameters<typeof repository.listStaleAttempts>) {
  return repository.listStaleAttempts(...args);
}

/** Orders whose capture failed and is due again, for the capture job. */
export function listPendingCaptures(...args: Parameters<typeof repository.listPendingCaptures>) {
  return repository.listPendingCaptures(...args);
}

/** An order whose payment can never be collected is canceled (guarded: only while unpaid). */
export function cancelUnpaidOrder(tx: Database, orderId: number) {
  return repository.cancelUnpaidOrder(tx, orderId);
}

export {
  adminOrder,
  askRefund,
  claimRefund,
  failRefund,
  type RefundDeps,
  resendOrderConfirmation,
  settleRefund,
} from './admin-orders';
export {
  attemptEnded,
  authorizeFirstBox,
  capturePayment,
  DECLINES_PER_CARD_PER_HOUR,
  DECLINES_PER_CART_PER_HOUR,
  DECLINES_PER_IP_PER_HOUR,
  priceChanged,
  reconcilePendingAttempt,
  releaseHold,
} from './payment-attempts';
export { checkoutProblems } from './readiness';

// ─── Delivered orders, for the ratings flow (docs/decisions/055, Ratings) ─────────────────────

export type DeliveredOrder = Awaited<ReturnType<typeof repository.listDeliveredOrders>>[number];

/** Paid orders delivered on a day in [since, before), after `afterId`, by id (a page of `limit`). */
export function listDeliveredOrders(
  db: Database,
  window: { since: string; before: string; afterId: number; limit: number },
): Promise<DeliveredOrder[]> {
  return repository.listDeliveredOrders(db, window);
}

/**
 * An order as its rating form needs it: customer, status, delivery day, number, and its box's
 * dishes (upsells aside); undefined when there is no such order.
 */
export async function orderDishes(db: Database, orderId: number) {
  const row = await repository.findOrderDishes(db, orderId);
  if (!row) return undefined;
  return {
    id: row.id,
    number: orderNumber(row.id),
    userId: row.userId,
    status: row.status,
    deliveryDate: row.deliveryDate,
    dishes: row.dishes.map((dish) => ({ productId: dish.product_id, sku: dish.sku, name: dish.name })),
  };
}
