import { type Delivery, deliveryPaymentPath, filledItemsIntro } from '@sprout/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CostLines } from '../cart/CostLines';
import { formatDeliveryDate, money } from '../checkout/format';
import { SkipToggle, useOptimisticStatus } from './DeliveryForms';
import { AUTHENTICATION_REQUIRED_LABEL, fillLabel, STATUS_LABELS } from './format';

/** The box's status as a badge, optimistic while a skip is being saved. */
export function StatusBadge({ delivery }: { delivery: Delivery }) {
  const status = useOptimisticStatus(delivery);
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      {/* Not a decline: the bank asked the customer to confirm (decision 041). */}
      {delivery.payment.authentication_required && status === 'failed'
        ? AUTHENTICATION_REQUIRED_LABEL
        : STATUS_LABELS[status]}
    </span>
  );
}

/** The dishes of a box with their pictures and prices. */
export function BoxItems({
  delivery,
  controls,
}: {
  delivery: Delivery;
  /** The box editor's − and + beside each dish. */
  controls?: (item: Delivery['items'][number]) => ReactNode;
}) {
  if (delivery.items.length === 0) return <p className="muted">This box is empty.</p>;
  return (
    <ul className="box-items" aria-label={`What is in the box of ${formatDeliveryDate(delivery.date)}`}>
      {delivery.items.map((item) => (
        <li key={item.sku} className="box-items__item">
          {item.image ? (
            <img src={item.image} alt="" width={56} height={56} loading="lazy" decoding="async" />
          ) : (
            <span className="box-items__no-image" aria-hidden="true" />
          )}
          <span className="box-items__name">
            {item.name}
            <span className="box-items__category">{item.category_name}</span>
            {item.picked_quantity > 0 && item.pick_reason ? (
              // The store's pick, told apart with its reason (docs/decisions/055).
              <span className="box-items__pick" data-pick-sku={item.sku}>
                Picked for you · {item.pick_reason}
                {item.picked_quantity < item.quantity ? ` (${item.picked_quantity} of ${item.quantity})` : ''}
              </span>
            ) : null}
          </span>
          <span className="box-items__qty">
            <span className="visually-hidden">Quantity </span>× {item.quantity}
          </span>
          <span className="box-items__total">{money(item.total)}</span>
          {controls ? <span className="box-items__controls">{controls(item)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The dishes the store adds at the cutoff to fill a box short of the plan's size, priced in the
 * box's costs (decision 039): shown wherever the price is, before the customer confirms anything.
 */
export function FilledItems({ delivery }: { delivery: Delivery }) {
  if (delivery.filled_items.length === 0) return null;
  return (
    <div className="box-filled" data-filled-items="">
      <p>{filledItemsIntro(delivery.threshold)}</p>
      <ul className="box-filled__list">
        {delivery.filled_items.map((item) => (
          <li key={item.sku} data-filled-sku={item.sku}>
            {item.name} × {item.quantity} <span className="muted">{money(item.total)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every cost line of a box: what it costs, or cost once charged. */
export function BoxCosts({ delivery }: { delivery: Delivery }) {
  return (
    <CostLines
      costs={delivery.costs}
      discountDescription={delivery.discount_description}
      label={`Price of the box of ${formatDeliveryDate(delivery.date)}`}
      totalLabel={
        delivery.costs.gift_cards_amount_applied > 0
          ? !delivery.payment.card_on_file
            ? 'Left to pay'
            : delivery.status === 'charged'
              ? 'Charged to your card'
              : 'Left to charge to your card'
          : 'Total'
      }
    />
  );
}

/** One row of the deliveries list: date, status, fill, price, and what can be done with it. */
export function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const label = formatDeliveryDate(delivery.date);
  const status = useOptimisticStatus(delivery);
  return (
    <li className="delivery-row" data-delivery={delivery.date} data-status={status}>
      <div className="delivery-row__when">
        <h3 className="delivery-row__date">{label}</h3>
        <StatusBadge delivery={delivery} />
      </div>
      <p className="delivery-row__fill">
        {fillLabel(delivery.item_count, delivery.threshold)}
        {delivery.order ? (
          <>
            {' · '}
            <Link to={`/account/orders/${delivery.order.id}`}>Order {delivery.order.number}</Link>
          </>
        ) : null}
      </p>
      <p className="delivery-row__price">
        <span className="visually-hidden">Price </span>
        {status === 'skipped' ? <s>{money(delivery.costs.total_cost)}</s> : money(delivery.costs.total_cost)}
        {status !== 'skipped' && delivery.costs.gift_cards_amount_applied > 0 ? (
          <span className="delivery-row__gift-card">
            {' '}
            after {money(delivery.costs.gift_cards_amount_applied)} of gift card
          </span>
        ) : null}
      </p>
      {delivery.payment.note && status !== 'skipped' ? (
        <p className="delivery-row__payment" data-payment-note="">
          {delivery.payment.note}
        </p>
      ) : null}
      <div className="delivery-row__actions">
        {delivery.payment.authentication_required ? (
          <Link to={deliveryPaymentPath(delivery.date)} className="button button--primary">
            Confirm the payment<span className="visually-hidden"> for the box of {label}</span>
          </Link>
        ) : null}
        <Link to={`/account/deliveries/${delivery.date}`} className="button button--ghost">
          {delivery.editable ? 'Edit' : 'View'}
          <span className="visually-hidden"> the box of {label}</span>
        </Link>
        <SkipToggle delivery={delivery} label={label} />
      </div>
    </li>
  );
}
