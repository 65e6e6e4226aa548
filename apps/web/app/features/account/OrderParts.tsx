import type { Order } from '@sprout/contracts';
import { CostLines } from '../cart/CostLines';
import { formatDeliveryDate, frequencyLabel, money } from '../checkout/format';
import { formatDay } from './format';

const ORDER_STATUS_LABELS: Record<Order['status'], string> = {
  paid: 'Paid',
  payment_pending: 'Payment pending',
  refunded: 'Refunded',
  canceled: 'Canceled',
};

/**
 * An order's status as its customer reads it. A partial refund leaves the order paid (decision
 * 027), so the money that went back is said beside it: "Paid · $12.00 of $80.00 refunded".
 */
export function orderStatusLabel(order: Pick<Order, 'status' | 'refunded' | 'costs'>): string {
  const label = ORDER_STATUS_LABELS[order.status];
  if (order.refunded <= 0 || order.status === 'refunded') return label;
  return `${label} · ${money(order.refunded)} of ${money(order.costs.total_cost)} refunded`;
}

/** An order's dishes (the box, then add-ons outside it) with quantity, unit price and total. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">Items of order {order.number}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Each
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={`${line.sku}-${line.is_upsell}`}>
            <th scope="row">
              {line.name}
              {line.is_upsell ? <span className="muted"> (add-on)</span> : null}
            </th>
            <td className="num">{line.quantity}</td>
            <td className="num">{money(line.unit_price)}</td>
            <td className="num">{money(line.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every cost line of an order: items, discounts, shipping, tax, credits and the total. */
export function OrderCosts({ order }: { order: Order }) {
  return (
    <CostLines
      costs={order.costs}
      discountDescription={order.discount_description}
      label={`Cost of order ${order.number}`}
    />
  );
}

/** Placed, delivery date, frequency and the card it was paid with, as a definition list. */
export function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className="order-facts">
      <div>
        <dt>Placed</dt>
        <dd>{formatDay(order.placed_at)}</dd>
      </div>
      <div>
        <dt>Delivery</dt>
        <dd>{formatDeliveryDate(order.delivery_date)}</dd>
      </div>
      <div>
        <dt>Plan</dt>
        <dd>{frequencyLabel(order.frequency_weeks)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>{orderStatusLabel(order)}</dd>
      </div>
      {order.payment ? (
        <div>
          <dt>Paid with</dt>
          <dd>
            {order.payment.brand ?? 'Card'}
            {order.payment.last4 ? ` ending in ${order.payment.last4}` : ''}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Where an order goes, as a postal address reads: name, street lines, "City, ST 12345". */
export function ShippingAddress({ order, className }: { order: Order; className?: string }) {
  const address = order.shipping_address;
  return (
    <address className={className}>
      {address.first_name} {address.last_name}
      <br />
      {address.address_line_1}
      {address.address_line_2 ? (
        <>
          <br />
          {address.address_line_2}
        </>
      ) : null}
      <br />
      {address.city}, {address.state_code} {address.zip_code}
    </address>
  );
}
