import { endpoints } from '@sprout/contracts';
import { data, Link, useRouteLoaderData } from 'react-router';
import { readMine, requireCustomer } from '../features/account/account.server';
import { OrderCosts, OrderFacts, OrderLines, ShippingAddress } from '../features/account/OrderParts';
import { PrintButton } from '../features/account/PrintButton';
import type { RootData } from '../root';
import type { Route } from './+types/account.order';

/** /account/orders/:orderId: one order as a printable receipt (GET /api/me/orders/{id}). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireCustomer(request, context);
  const orderId = Number(params.orderId);
  if (!Number.isInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) throw data(null, { status: 404 });
  const answer = await readMine(context.api, endpoints.account.order, { params: { orderId } });
  return { title: `Receipt for order ${answer.data.number}`, order: answer.data };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
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
    </article>
  );
}
