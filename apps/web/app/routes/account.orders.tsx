import { endpoints } from '@sprout/contracts';
import { Link } from 'react-router';
import { readMine, requireCustomer } from '../features/account/account.server';
import { OrderCosts, OrderFacts, OrderLines } from '../features/account/OrderParts';
import { money } from '../features/checkout/format';
import type { Route } from './+types/account.orders';

export const handle = { title: 'Orders' };

const ORDERS_PER_PAGE = 10;

/** /account/orders: every order, newest first, with its lines and costs; ?page= pages through them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context);
  const page = Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10);
  const orders = await readMine(context.api, endpoints.orders.ofUser, {
    params: { userId: customer.id },
    query: { page: Number.isInteger(page) && page > 0 ? page : 1, per_page: ORDERS_PER_PAGE },
  });
  return { orders: orders.data, pagination: orders.meta.pagination };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, pagination } = loaderData;
  return (
    <div className="account-page">
      <h1>Orders</h1>
      {orders.length === 0 ? <p>No orders yet.</p> : null}
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id} className="account-card order-card" data-order={order.number}>
            <details>
              <summary>
                <span className="order-card__title">
                  <strong>Order {order.number}</strong>
                  <span className="order-card__total">{money(order.costs.total_cost)}</span>
                </span>
                <OrderFacts order={order} />
              </summary>
              <div className="order-card__detail">
                <OrderLines order={order} />
                <OrderCosts order={order} />
              </div>
            </details>
            <p>
              <Link to={`/account/orders/${order.id}`}>
                Receipt<span className="visually-hidden"> for order {order.number}</span>
              </Link>
            </p>
          </li>
        ))}
      </ul>
      {pagination.total_pages > 1 ? (
        <nav className="pagination" aria-label="Pages of orders">
          {pagination.current_page > 1 ? (
            <Link to={`?page=${pagination.current_page - 1}`} rel="prev">
              ‹ Newer orders
            </Link>
          ) : null}{' '}
          <span>
            Page {pagination.current_page} of {pagination.total_pages}
          </span>{' '}
          {pagination.current_page < pagination.total_pages ? (
            <Link to={`?page=${pagination.current_page + 1}`} rel="next">
              Older orders ›
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
