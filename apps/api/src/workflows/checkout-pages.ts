import { type AbandonedCart, type CheckoutSuccess, centsToDollars, type UpsellItem } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { itemPriceCents } from '../domain/item-prices';
import { AppError } from '../errors/app-error';
import { loadAbandonedCart, lockOpenCart, priceCart, setUpsellQuantity } from '../modules/carts/service';
import * as checkout from '../modules/checkout/service';
import { toOrder } from '../modules/checkout/wire';
import { findSubscriptionWithPlan } from '../modules/subscriptions/service';
import { toSubscription } from '../modules/subscriptions/wire';

/**
 * What the checkout pages read and change beside completion (docs/decisions/049): the add-ons
 * (checkout's offers priced and stored by the cart) and the success page (checkout's order with the
 * subscription it started).
 */

/** The add-ons offered at checkout, priced as the cart would price them. */
export async function listUpsellItems(db: Database, cartId: string): Promise<UpsellItem[]> {
  const [priced, offers] = await Promise.all([priceCart(db, cartId), checkout.listUpsellOffers(db, cartId)]);
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
    const offer = await checkout.findUpsellOffer(tx, cartId, sku);
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
  const found = await checkout.findOrder(db, orderId);
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
  const orderId = await checkout.consumeCheckoutSuccessGrant(db, userId);
  if (orderId === null) {
    throw new AppError('forbidden', 'This page can only be opened once, right after checkout.');
  }
  return orderWithSubscription(db, orderId);
}
