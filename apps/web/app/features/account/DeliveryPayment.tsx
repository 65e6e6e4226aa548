import {
  DELIVERY_PAID_MESSAGE,
  DELIVERY_PAYMENT_NOT_WAITING_MESSAGE,
  type Delivery,
  type DeliveryPayment as DeliveryPaymentAnswer,
  type PaymentConfig,
} from '@sprout/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useActionData, useFetcher } from 'react-router';
import { formatDeliveryDate, money } from '../checkout/format';
import { useHydrated } from '../forms/useHydrated';
import { announce } from '../layout/LiveRegion';
import { usePaymentAuthentication } from '../payments/usePaymentAuthentication';
import '../payments/payments.css';
import { BoxCosts, BoxItems, StatusBadge } from './DeliveryParts';

export type DeliveryPaymentActionData =
  | { ok: true; payment: DeliveryPaymentAnswer }
  | { ok: false; message: string };

/**
 * A renewal the bank asked its customer to confirm (decision 041): the box, what it costs, and one
 * button that runs the bank's 3-D Secure step with the card already saved, as checkout does. The
 * action is asked twice: to start the step, then, once the customer finished it, to record the box
 * paid. The step needs the provider's script; before it loads the button still posts, and the page
 * says so.
 */
export function DeliveryPayment({ delivery, config }: { delivery: Delivery; config: PaymentConfig }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<DeliveryPaymentActionData>({ key: `pay-${delivery.date}` });
  const posted = useActionData<DeliveryPaymentActionData>();
  const authentication = usePaymentAuthentication(config);
  const [stepping, setStepping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The client secret whose step ran: an answer is acted on once. */
  const handled = useRef<string | null>(null);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const label = formatDeliveryDate(delivery.date);
  const amount = money(delivery.costs.total_cost);

  useEffect(() => {
    if (!answer) return;
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    const payment = answer.payment;
    if (payment.status === 'paid') {
      announce(`${DELIVERY_PAID_MESSAGE} ${money(payment.amount)} was charged.`);
    } else if (payment.status === 'declined') {
      setError(payment.message);
    } else if (handled.current !== payment.client_secret) {
      handled.current = payment.client_secret;
      setStepping(true);
      void authentication
        .handleNextAction({
          paymentIntentId: payment.payment_intent_id,
          clientSecret: payment.client_secret,
          amount: payment.amount,
        })
        .then((result) => {
          setStepping(false);
          if ('error' in result) setError(result.error);
          // The bank's step is done: the action records the box paid.
          else fetcher.submit(null, { method: 'post' });
        });
    }
  }, [answer, authentication, fetcher]);

  const busy = stepping || fetcher.state !== 'idle';
  const paid = delivery.status === 'charged';
  const waiting = delivery.payment.authentication_required;

  return (
    <div className="account-page delivery-payment">
      <p className="eyebrow">
        <Link to="/account/deliveries">Your boxes</Link>
      </p>
      <div className="next-box__head">
        <h1>Your box of {label}</h1>
        <StatusBadge delivery={delivery} />
      </div>
      {paid ? (
        <p className="notice notice--success" role="status" data-paid="">
          {DELIVERY_PAID_MESSAGE} <strong>{amount}</strong> was charged
          {delivery.order ? (
            <>
              {' '}
              (<Link to={`/account/orders/${delivery.order.id}`}>order {delivery.order.number}</Link>)
            </>
          ) : null}
          .
        </p>
      ) : waiting ? (
        <section aria-labelledby="confirm-heading" className="account-card">
          <h2 id="confirm-heading">Confirm the payment</h2>
          {delivery.payment.note ? <p>{delivery.payment.note}</p> : null}
          <fetcher.Form method="post" aria-busy={busy || undefined}>
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            {!hydrated && posted?.ok && posted.payment.status === 'requires_action' ? (
              <p className="form-error" role="alert">
                Your bank's check runs in this page and needs JavaScript: please reload it once it has loaded,
                or try another browser.
              </p>
            ) : null}
            <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
              {busy ? 'Confirming…' : `Confirm the payment of ${amount}`}
            </button>
          </fetcher.Form>
          <p className="muted">
            Or <Link to="/account/payment-method">use another card</Link>: it is charged at once.
          </p>
        </section>
      ) : (
        <p className="notice" role="status">
          {DELIVERY_PAYMENT_NOT_WAITING_MESSAGE} <Link to="/account">Go to your account</Link>.
        </p>
      )}
      <div className="next-box__grid">
        <div>
          <h2>In the box</h2>
          <BoxItems delivery={delivery} />
        </div>
        <div>
          <h2>Price</h2>
          <BoxCosts delivery={delivery} />
        </div>
      </div>
      {authentication.dialog}
    </div>
  );
}
