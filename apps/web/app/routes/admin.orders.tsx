import { endpoints } from '@sprout/contracts';
import { Link } from 'react-router';
import { AdminSearchList } from '../features/admin/AdminList';
import { requireAdmin } from '../features/admin/admin.server';
import { orderStatusText } from '../features/admin/order-status';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.orders';

export const handle = { title: 'Orders · Admin' };

/** /admin/orders?q=: orders by number (SS-100042) or email, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const orders = await context.api.read(endpoints.admin.orders, {
    query: {
      q: q || undefined,
    },
  });
  return { q, orders: orders.data };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { q, orders } = loaderData;
  return (
    <div className="admin-page">
      <h1>Orders</h1>
      <AdminSearchList
        search={{ id: 'order-search', label: 'Order number or email', q, placeholder: 'SS-100001 or jamie@' }}
        empty="No orders match."
        caption={q ? `Orders matching ${q}` : 'Latest orders'}
        rows={orders}
        columns={[
          { header: 'Order', cell: (order) => <Link to={`/admin/orders/${order.id}`}>{order.number}</Link> },
          { header: 'Email', cell: (order) => order.email },
          { header: 'Status', cell: (order) => orderStatusText(order) },
          { header: 'Total', cell: (order) => money(order.total) },
          { header: 'Delivery', cell: (order) => order.delivery_date },
          { header: 'Placed', cell: (order) => order.placed_at.slice(0, 10) },
        ]}
      />
    </div>
  );
}
