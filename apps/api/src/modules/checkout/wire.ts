import { type CartCosts, centsToDollars, type Order } from '@sprout/contracts';
import { costsToWire } from '../../domain/costs';
import { orderNumber } from '../../domain/order-number';
import { accountPageUrl, type Site } from '../../lib/site';
import type { OrderLineJson, OrderRow } from './repository';

/**
 * The account site's pages an order's emails link to (decision 042: a link lands on the page it
 * names, the order itself or the next boxes).
 */
export function orderEmailLinks(site: Pick<Site, 'url' | 'accountUrl'>, orderId: number) {
  return {
    orderUrl: accountPageUrl(site, `orders/${orderId}`),
    deliveriesUrl: accountPageUrl(site, 'deliveries'),
  };
}

/** An order's every cost line as its receipt and its emails show them (the cost columns, in dollars). */
export function orderCosts(order: OrderRow): CartCosts {
  return costsToWire({
    ...order,
    compedAppliedCents: order.compedCents,
    referralCreditsAppliedCents: order.referralCreditsCents,
  });
}

/** An order as its customer reads it; `refundedCents`: the refunds that succeeded (0 for a new order). */
export function toOrder(order: OrderRow, lines: OrderLineJson[], refundedCents: number): Order {
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    placed_at: order.createdAt.toISOString(),
    delivery_date: order.deliveryDate,
    frequency_weeks: order.frequencyWeeks,
    email: order.email,
    shipping_address: {
      first_name: order.shipFirstName,
      last_name: order.shipLastName,
      address_line_1: order.shipAddressLine1,
      address_line_2: order.shipAddressLine2,
      city: order.shipCity,
      state_code: order.shipStateCode,
      zip_code: order.shipZipCode,
    },
    lines: lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unit_price: centsToDollars(line.unit_price_cents),
      total: centsToDollars(line.unit_price_cents * line.quantity),
      is_upsell: line.is_upsell,
    })),
    costs: orderCosts(order),
    discount_description: order.discountDescription,
    refunded: centsToDollars(refundedCents),
    payment:
      order.paymentProvider === 'test' || order.paymentProvider === 'stripe'
        ? { provider: order.paymentProvider, brand: order.cardBrand, last4: order.cardLast4 }
        : null,
  };
}
