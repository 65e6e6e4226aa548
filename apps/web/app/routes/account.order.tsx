import { endpoints, RATING_NOT_DELIVERED_MESSAGE } from '@sprout/contracts';
import { data, Link, useRouteLoaderData } from 'react-router';
import { readMine, requireCustomer } from '../features/account/account.server';
import { OrderCosts, OrderFacts, OrderLines, ShippingAddress } from '../features/account/OrderParts';
import { PrintButton } from '../features/account/PrintButton';
import { RatingForm } from '../features/families/RatingForm';
import { ratingChoices, ratingsFromForm } from '../features/families/ratings.server';
import { failureMessage } from '../lib/api-client.server';
import type { RootData } from '../root';
import type { Route } from './+types/account.order';

function orderIdOf(params: Route.LoaderArgs['params']): number {
  const orderId = Number(params.orderId);
  if (!Number.isInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) throw data(null, { status: 404 });
  return orderId;
}

/**
 * /account/orders/:orderId: one order as a printable receipt (GET /api/me/orders/{id}), and how
 * each child took each dish once it was delivered (docs/decisions/055, Ratings).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCustomer(request, context);
  const orderId = orderIdOf(params);
  const [answer, ratings] = await Promise.all([
    readMine(context.api, endpoints.account.order, { params: { orderId } }),
    readMine(context.api, endpoints.ratings.orderForm, { params: { orderId } }),
  ]);
  return {
    title: `Receipt for order ${answer.data.number}`,
    order: answer.data,
    ratings: ratings.data.children.length > 0 && ratings.data.dishes.length > 0 ? ratings.data : null,
    choices: ratingChoices(),
  };
}

/** Rates (or re-rates) the box's dishes per child: PUT /api/me/orders/{id}/ratings. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  const orderId = orderIdOf(params);
  const result = await context.api.call(endpoints.ratings.rateOrder, {
    params: { orderId },
    body: { ratings: ratingsFromForm(await request.formData()) },
  });
  if (result.kind === 'ok') return { notice: 'Ratings saved: the next boxes pick by them.', error: null };
  if (result.kind === 'error' && result.error.status === 404) throw data(null, { status: 404 });
  return data({ notice: null, error: failureMessage(result) }, { status: 400 });
}

export default function ReceiptPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, ratings, choices } = loaderData;
  const siteName = useRouteLoaderData<RootData>('root')?.site.name ?? 'Sprout & Spoon';
  return (
    <article className="receipt" aria-labelledby="receipt-heading">
      <p className="receipt__back no-print">
        <Link to="/account/orders">← All orders</Link>
      </p>
      <header className="receipt__head">
        <div>
          <p className="eyebrow">{siteName} receipt</p>
          <h1 id="receipt-heading">Order {order.number}</h1>
        </div>
        <PrintButton />
      </header>
      <OrderFacts order={order} />
      <section aria-labelledby="ship-to">
        <h2 id="ship-to">Delivered to</h2>
        <ShippingAddress order={order} />
        <p className="muted">{order.email}</p>
      </section>
      <section aria-labelledby="receipt-items">
        <h2 id="receipt-items">Items</h2>
        <OrderLines order={order} />
      </section>
      <section aria-labelledby="receipt-costs">
        <h2 id="receipt-costs">Total</h2>
        <OrderCosts order={order} />
      </section>
      {ratings ? (
        <section aria-labelledby="receipt-ratings" className="no-print">
          <h2 id="receipt-ratings">How did they like it?</h2>
          {actionData?.notice ? <p role="status">{actionData.notice}</p> : null}
          {ratings.can_rate ? (
            <RatingForm
              form={ratings}
              choices={choices}
              error={actionData?.error ?? null}
              submitLabel="Save the ratings"
            />
          ) : (
            <p className="muted">{RATING_NOT_DELIVERED_MESSAGE}</p>
          )}
        </section>
      ) : null}
    </article>
  );
}
