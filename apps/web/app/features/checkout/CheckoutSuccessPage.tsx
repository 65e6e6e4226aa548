import { cardBrandName, type Order, type Subscription } from '@sprout/contracts';
import { Link } from 'react-router';
import { ShippingAddress } from '../account/OrderParts';
import { useSites } from '../auth/useSites';
import { CostLines } from '../cart/CostLines';
import { NonprofitSelection } from '../marketing/NonprofitSelection';
import type { NonprofitActionData } from '../marketing/nonprofit.server';
import { formatDeliveryDate, frequencyLabel } from './format';
import { LineList } from './OrderSummary';

/** The thank-you page after an order: what was ordered, when it comes, where it goes. */
export function CheckoutSuccessPage({
  order,
  subscription,
  nonprofit,
}: {
  order: Order;
  subscription: Subscription;
  nonprofit?: NonprofitActionData | undefined;
}) {
  const sites = useSites();
  const address = order.shipping_address;
  const box = order.lines.filter((line) => !line.is_upsell);
  const addOns = order.lines.filter((line) => line.is_upsell);
  const payment = order.payment;
  return (
    <article className="checkout-success" aria-labelledby="checkout-success-title">
      <header className="checkout-success__hero">
        <p className="eyebrow">Order confirmed</p>
        <h1 id="checkout-success-title">Thank you, {address.first_name}!</h1>
        <p className="checkout-success__lead">
          Your first box is on its way to the kitchen. We sent a confirmation to{' '}
          <strong>{order.email}</strong>.
        </p>
      </header>

      <dl className="checkout-success__facts">
        <div>
          <dt>Order number</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>First delivery</dt>
          <dd>{formatDeliveryDate(order.delivery_date)}</dd>
        </div>
        <div>
          <dt>Then</dt>
          <dd>
            {frequencyLabel(subscription.frequency_weeks)}
            {subscription.plan ? `, ${subscription.plan.threshold} items a box` : ''}
          </dd>
        </div>
      </dl>

      <div className="checkout-success__grid">
        <section className="checkout-success__card" aria-labelledby="checkout-success-order">
          <h2 id="checkout-success-order" className="checkout-section__title">
            Your order
          </h2>
          <LineList className="checkout-success__lines" lines={box} />
          {addOns.length > 0 ? (
            <>
              <h3 className="order-summary__subtitle">Add-ons</h3>
              <LineList className="checkout-success__lines" lines={addOns} />
            </>
          ) : null}
          <CostLines
            costs={order.costs}
            discountDescription={order.discount_description ?? ''}
            label="Order costs"
          />
        </section>

        <section className="checkout-success__card" aria-labelledby="checkout-success-delivery">
          <h2 id="checkout-success-delivery" className="checkout-section__title">
            Delivering to
          </h2>
          <ShippingAddress order={order} className="checkout-success__address" />
          {payment?.last4 ? (
            <p className="checkout-success__payment">
              Paid with {cardBrandName(payment.brand) ?? 'card'} ending in {payment.last4}
            </p>
          ) : null}
        </section>
      </div>

      <NonprofitSelection orderId={order.id} posted={nonprofit} />

      <nav className="checkout-success__actions" aria-label="What next">
        {/* The account site is another app, even on this origin: a full page load. */}
        <a className="button button--primary" href={sites.account}>
          Go to your account
        </a>
        <Link className="button button--ghost" to="/menus">
          Browse the menus
        </Link>
      </nav>
    </article>
  );
}
