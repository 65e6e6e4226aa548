import {
  boxPaymentAuthentication,
  boxPaymentFailure,
  boxPaymentPaid,
  boxPaymentPlan,
  centsToDollars,
  type Delivery,
  type DeliveryItem,
  type Subscription,
} from '@sprout/contracts';
import { costsToWire } from '../../domain/costs';
import { orderNumber } from '../../domain/order-number';
import type { PricedBoxLine } from './box-pricing';
import type { PricedDelivery, SubscriptionRow } from './service';

type PlanRow = { id: number; slug: string; name: string; threshold: number };

export function toSubscription(subscription: SubscriptionRow, plan: PlanRow): Subscription {
  return {
    id: subscription.id,
    status: subscription.status,
    frequency_weeks: subscription.frequencyWeeks,
    delivery_weekday: subscription.deliveryWeekday,
    next_delivery_date: subscription.nextDeliveryDate,
    resume_on: subscription.resumeOn,
    plan: { id: plan.id, slug: plan.slug, name: plan.name, threshold: plan.threshold },
  };
}

/** Dollars, snake_case: the cost lines as the storefront's carts show them. */
export const toCosts = costsToWire;

function toDeliveryItem(line: PricedBoxLine): DeliveryItem {
  return {
    sku: line.sku,
    name: line.name,
    image: line.image,
    category_name: line.categoryName,
    quantity: line.quantity,
    unit_price: centsToDollars(line.unitPriceCents),
    total: centsToDollars(line.unitPriceCents * line.quantity),
    picked_quantity: Math.min(line.pickedQuantity ?? 0, line.quantity),
    pick_reason: line.pickedQuantity ? (line.pickReason ?? null) : null,
  };
}

/** One box as the account site reads it; `now` decides whether it can still change. */
export function toDelivery(priced: PricedDelivery, now: Date): Delivery {
  const { delivery } = priced;
  const open = delivery.cutoffAt.getTime() > now.getTime();
  return {
    date: delivery.deliveryDate,
    status: delivery.status,
    cutoff_at: delivery.cutoffAt.toISOString(),
    editable: open && delivery.status === 'scheduled',
    can_unskip: open && delivery.status === 'skipped',
    weekly_ordinal: priced.weeklyOrdinal,
    items: priced.lines.map(toDeliveryItem),
    // What the cutoff would add is not a pick made yet (the box's own lines carry those).
    filled_items: priced.filled.map((line) => toDeliveryItem({ ...line, pickedQuantity: 0 })),
    item_count: priced.itemCount,
    threshold: priced.threshold,
    costs: toCosts(priced.costs),
    discount_description: priced.discountDescription,
    order: delivery.orderId === null ? null : { id: delivery.orderId, number: orderNumber(delivery.orderId) },
    payment: paymentOf(priced),
  };
}

/** What pays the box, in the words of contracts/box-payment (decision 041). */
function paymentOf(priced: PricedDelivery): Delivery['payment'] {
  const { delivery, costs, cardOnFile } = priced;
  const amounts = {
    giftCards: centsToDollars(costs.giftCardsAppliedCents),
    card: centsToDollars(costs.totalCents),
    cardOnFile,
  };
  const authenticationRequired = delivery.status === 'failed' && delivery.authenticationIntentId !== null;
  const note = authenticationRequired
    ? boxPaymentAuthentication(amounts)
    : delivery.status === 'failed'
      ? boxPaymentFailure(amounts)
      : delivery.status === 'charged'
        ? boxPaymentPaid(amounts)
        : delivery.status === 'scheduled' || delivery.status === 'locked'
          ? boxPaymentPlan(amounts)
          : null;
  return { note, card_on_file: cardOnFile, authentication_required: authenticationRequired };
}
