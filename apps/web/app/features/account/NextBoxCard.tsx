import { type Delivery, deliveryPaymentPath } from '@sprout/contracts';
import { Link } from 'react-router';
import { formatDeliveryDate } from '../checkout/format';
import { CutoffCountdown } from './CutoffCountdown';
import { SkipToggle, useOptimisticStatus } from './DeliveryForms';
import { BoxCosts, BoxItems, FilledItems, StatusBadge } from './DeliveryParts';
import { fillLabel } from './format';

/** The next box: its date, what is in it, what it costs, the time left to change it, edit and skip. */
export function NextBoxCard({
  delivery,
  renderedAt,
  eyebrow = 'Your next box',
}: {
  delivery: Delivery;
  renderedAt: number;
  /** "Your next box", or what the card is when the next one is past changing. */
  eyebrow?: string;
}) {
  const label = formatDeliveryDate(delivery.date);
  const status = useOptimisticStatus(delivery);
  return (
    <section
      className="account-card next-box"
      aria-labelledby={`next-box-heading-${delivery.date}`}
      data-delivery={delivery.date}
      data-changeable={delivery.editable || delivery.can_unskip ? '' : undefined}
    >
      <div className="next-box__head">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={`next-box-heading-${delivery.date}`}>{label}</h2>
        </div>
        <StatusBadge delivery={delivery} />
      </div>
      {status === 'skipped' ? (
        <p className="next-box__skipped">Skipped: nothing is made or charged for this date.</p>
      ) : null}
      {delivery.status === 'scheduled' || delivery.status === 'skipped' ? (
        <CutoffCountdown cutoffAt={delivery.cutoff_at} renderedAt={renderedAt} />
      ) : null}
      {delivery.status === 'charged' || delivery.status === 'locked' ? (
        <p className="next-box__prepared">
          {delivery.status === 'charged' ? 'Paid and being prepared' : 'Being prepared'}: its meals can no
          longer change.
        </p>
      ) : null}
      {delivery.payment.authentication_required ? (
        <p className="next-box__prepared" data-payment-note="">
          {delivery.payment.note}{' '}
          <Link to={deliveryPaymentPath(delivery.date)} className="button button--primary">
            Confirm the payment
          </Link>
        </p>
      ) : delivery.status === 'failed' ? (
        <p className="next-box__prepared" data-payment-note="">
          {delivery.payment.note}{' '}
          <Link to="/account/payment-method">
            {delivery.payment.card_on_file ? 'Update your card' : 'Add a card'}
          </Link>{' '}
          and we try again at once.
        </p>
      ) : delivery.payment.note && status !== 'skipped' ? (
        <p className="next-box__payment" data-payment-note="">
          {delivery.payment.note}
        </p>
      ) : null}
      <div className="next-box__actions">
        {delivery.editable ? (
          <Link to={`/account/deliveries/${delivery.date}`} className="button button--primary">
            Edit box
          </Link>
        ) : null}
        <SkipToggle delivery={delivery} label={label} />
      </div>
      <div className="next-box__grid">
        <div>
          <h3>
            In the box <span className="muted">({fillLabel(delivery.item_count, delivery.threshold)})</span>
          </h3>
          <BoxItems delivery={delivery} />
          <FilledItems delivery={delivery} />
        </div>
        <div>
          <h3>Price</h3>
          <BoxCosts delivery={delivery} />
        </div>
      </div>
    </section>
  );
}
