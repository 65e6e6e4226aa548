import type { AdminOrderSummary } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import { requireAdmin } from '../features/admin/admin.server';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.orders';

export const handle = { title: 'Orders · Admin' };

/** /admin/orders?q=: orders by number (SS-100042) or email, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const orders = await context.api.get<{ data: AdminOrderSummary[] }>('/api/admin/orders', {
    q: q || undefined,
  });
  return { q, orders: orders.data };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { q, orders } = loaderData;
  return (
    <div className="admin-page">
      <h1>Orders</h1>
      <Form method="get" role="search" className="admin-inline-form">
        <label htmlFor="order-search">Order number or email</label>
        <input id="order-search" type="search" name="q" defaultValue={q} placeholder="SS-100001 or jamie@" />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </Form>
      {orders.length === 0 ? <p>No orders match.</p> : null}
      {orders.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{q ? `Orders matching ${q}` : 'Latest orders'}</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Delivery</th>
                <th scope="col">Placed</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                  </th>
                  <td>{order.email}</td>
                  <td>{order.status}</td>
                  <td>{money(order.total)}</td>
                  <td>{order.delivery_date}</td>
                  <td>{order.placed_at.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
