import type { CompleteCheckoutResponse } from '@sprout/contracts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type CompletedCheckout = Extract<CompleteCheckoutResponse['data'], { status: 'completed' }>;

/** Pushes one event to the tag manager's data layer (design "Marketing"), like the cart's pixels. */
export function pushDataLayer(event: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

export function initializedCheckoutEvent(eventId: string) {
  return { event: 'initializedCheckout', eventId };
}

/** The 'orderCreated' announcement (spec section 3 "Other announced events"). */
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
