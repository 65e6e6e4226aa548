import { deliveryParams, endpoints, GENERIC_SERVER_ERROR } from '@sprout/contracts';
import { data } from 'react-router';
import { readDeliveries, requireCustomer } from '../features/account/account.server';
import { DeliveryPayment, type DeliveryPaymentActionData } from '../features/account/DeliveryPayment';
import { formatDeliveryDate } from '../features/checkout/format';
import { failureOf } from '../lib/api-client.server';
import type { Route } from './+types/account.delivery-pay';

/**
 * /account/deliveries/:date/pay: the link of the email sent when a renewal's bank asked its
 * customer to confirm the charge (3-D Secure, decision 041). Signed in: the link carries no
 * credential. The page shows the box and its price and runs the bank's step with the saved card.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const parsed = deliveryParams.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const customer = await requireCustomer(request, context);
  if (!customer.subscription) throw data(null, { status: 404 });
  const [deliveries, config] = await Promise.all([
    readDeliveries(context.api),
    context.api.read(endpoints.checkout.paymentConfig),
  ]);
  const delivery = deliveries.find((candidate) => candidate.date === parsed.data.date);
  if (!delivery) throw data(null, { status: 404 });
  return {
    title: `Confirm the payment for your box of ${formatDeliveryDate(delivery.date)}`,
    delivery,
    config: config.data,
  };
}

/** Asks the API to pay the box: once to start the bank's step, again once the browser finished it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = deliveryParams.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  await requireCustomer(request, context);
  const answer = await context.api.call(endpoints.deliveries.pay, { params: { date: parsed.data.date } });
  if (answer.kind !== 'ok') {
    const { status, message: refused } = failureOf(answer);
    const message = status >= 500 ? GENERIC_SERVER_ERROR : (refused ?? GENERIC_SERVER_ERROR);
    return { ok: false, message } satisfies DeliveryPaymentActionData;
  }
  return { ok: true, payment: answer.data.data } satisfies DeliveryPaymentActionData;
}

export default function DeliveryPayPage({ loaderData }: Route.ComponentProps) {
  return <DeliveryPayment {...loaderData} />;
}
