import type { AbandonedCart, CompleteCheckoutResponse } from '@sprout/contracts';
import { announce, pushDataLayer } from '../marketing/data-layer';
import { beginCheckoutEvent, purchaseEvent } from '../marketing/events';

export { pushDataLayer };

type CompletedCheckout = Extract<CompleteCheckoutResponse['data'], { status: 'completed' }>;

export function initializedCheckoutEvent(eventId: string) {
  return { event: 'initializedCheckout', eventId };
}

/** The 'orderCreated' announcement, for page scripts (decision 026). */
export function orderCreatedEvent(checkout: CompletedCheckout) {
  const { order, subscription } = checkout;
  return {
    event: 'orderCreated',
    orderId: order.id,
    orderNumber: order.number,
    value: order.costs.total_cost,
    currency: 'USD',
    frequencyWeeks: subscription.frequency_weeks,
    items: order.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      price: line.unit_price,
      isUpsell: line.is_upsell,
    })),
  };
}

/** initializedCheckout with the server event's id, then GA4's begin_checkout (decision 026). */
export function trackInitializedCheckout(eventId: string, cart: AbandonedCart): void {
  pushDataLayer(initializedCheckoutEvent(eventId));
  pushDataLayer({ ecommerce: null });
  pushDataLayer(beginCheckoutEvent(cart));
}

/** orderCreated, GA4's purchase, and the announced 'order created' DOM event (decision 026). */
export function trackOrderCreated(checkout: CompletedCheckout): void {
  const created = orderCreatedEvent(checkout);
  pushDataLayer(created);
  pushDataLayer({ ecommerce: null });
  pushDataLayer(
    purchaseEvent({
      orderId: created.orderNumber ?? created.orderId,
      value: created.value,
      shipping: checkout.order.costs.shipping_cost,
      tax: checkout.order.costs.tax_cost,
      items: created.items,
    }),
  );
  announce({ type: 'order-created', detail: { orderId: created.orderId, orderNumber: created.orderNumber } });
}
