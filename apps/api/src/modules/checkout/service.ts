import {
  type AbandonedCart,
  type CheckoutSuccess,
  centsToDollars,
  type Order,
  paginate,
  type Subscription,
  type UpsellItem,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { CostBreakdown } from '../../domain/costs';
import { itemPriceCents } from '../../domain/item-prices';
import { AppError } from '../../errors/app-error';
import { readOncePerPage } from '../../lib/page-reads';
import { loadAbandonedCart, lockOpenCart, priceCart, setUpsellQuantity } from '../carts/service';
import { findCurrentSubscriptionWithPlan, findSubscriptionWithPlan } from '../subscriptions/service';
import * as repository from './repository';
import { toOrder, toSubscription } from './wire';

/** The add-ons offered at checkout, priced as the cart would price them. */
export async function listUpsellItems(db: Database, cartId: string): Promise<UpsellItem[]> {
  const [priced, offers] = await Promise.all([
    priceCart(db, cartId),
    repository.listUpsellOffers(db, cartId),
  ]);
  return offers.map((offer) => ({
    sku: offer.sku,
    name: offer.name,
    description: offer.description,
    category_name: offer.categoryName,
    image: offer.image['cart-desktop'] ?? null,
    price: centsToDollars(
      itemPriceCents(
        { basePriceCents: offer.basePriceCents, premiumDifferenceCents: offer.premiumDifferenceCents },
        priced.pricing,
      ).regularPrice,
    ),
    quantity: offer.quantity,
    max_quantity: offer.maxQuantity,
  }));
}

/** One more or one fewer of an add-on; outside the box threshold, never above the offer's maximum. */
export async function changeUpsellItem(
  db: Database,
  cartId: string,
  sku: string,
  change: 1 | -1,
): Promise<AbandonedCart> {
  return db.transaction(async (tx) => {
    await lockOpenCart(tx, cartId);
    const offer = await repository.findUpsellOffer(tx, cartId, sku);
    if (!offer) throw AppError.notFound(`${sku} is not offered at checkout.`);
    const quantity = offer.quantity + change;
    if (quantity > offer.maxQuantity) {
      throw AppError.invalidField('quantity', `You can add up to ${offer.maxQuantity} of these.`);
    }
    if (quantity < 0) return loadAbandonedCart(tx, cartId);
    await setUpsellQuantity(tx, cartId, offer.productId, quantity);
    return loadAbandonedCart(tx, cartId);
  });
}

async function orderWithSubscription(db: Database, orderId: number): Promise<CheckoutSuccess> {
  const found = await repository.findOrder(db, orderId);
  if (!found) throw AppError.notFound('Order not found.');
  const subscription = found.order.subscriptionId
    ? await findSubscriptionWithPlan(db, found.order.subscriptionId)
    : undefined;
  if (!subscription) throw AppError.notFound('Subscription not found.');
  return {
    order: toOrder(found.order, found.lines, found.refundedCents),
    subscription: toSubscription(subscription.subscription, subscription.plan),
  };
}

export { orderWithSubscription as loadCheckoutResult };

/** The success page's one visit: uses the grant up and shows the order it was granted for. */
export async function visitCheckoutSuccess(db: Database, userId: number): Promise<CheckoutSuccess> {
  const orderId = await repository.consumeGrant(db, userId, repository.CHECKOUT_SUCCESS_ROUTE);
  if (orderId === null) {
    throw new AppError('forbidden', 'This page can only be opened once, right after checkout.');
  }
  return orderWithSubscription(db, orderId);
}

export async function hasCheckoutSuccessGrant(db: Database, userId: number): Promise<boolean> {
  return repository.hasUsableGrant(db, userId, repository.CHECKOUT_SUCCESS_ROUTE);
}

/**
 * One visit of a page that shows an outcome once (the pause, offer and cancellation pages, issue
 * 13), granted in the transaction that made the outcome and used up by the first visit.
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

/** The customer's current subscription: read once per page (lib/page-reads) for its several calls. */
export function currentSubscription(db: Database, userId: number): Promise<Subscription | null> {
  return readOncePerPage(`subscription:${userId}`, async () => {
    const row = await findCurrentSubscriptionWithPlan(db, userId);
    return row ? toSubscription(row.subscription, row.plan) : null;
  });
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
 * a 403 (issue 12: the account API answers 403 for another customer's data).
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
