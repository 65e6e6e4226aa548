import { endpoints } from '@sprout/contracts';
import { Link } from 'react-router';
import { AdminSearchList } from '../features/admin/AdminList';
import { requireAdmin } from '../features/admin/admin.server';
import type { Route } from './+types/admin.customers';

export const handle = { title: 'Customers · Admin' };

/** /admin/customers?q=: accounts by email, name or id. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const customers = await context.api.read(endpoints.admin.customers, {
    query: {
      q: q || undefined,
    },
  });
  return { q, customers: customers.data };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { q, customers } = loaderData;
  return (
    <div className="admin-page">
      <h1>Customers</h1>
      <AdminSearchList
        search={{ id: 'customer-search', label: 'Email, name or account number', q }}
        empty="No accounts match."
        caption={q ? `Accounts matching ${q}` : 'Newest accounts'}
        rows={customers}
        columns={[
          {
            header: 'Email',
            cell: (customer) => (
              <>
                <Link to={`/admin/customers/${customer.id}`}>{customer.email}</Link>
                {customer.is_admin ? ' (admin)' : ''}
              </>
            ),
          },
          {
            header: 'Name',
            cell: (customer) => [customer.first_name, customer.last_name].filter(Boolean).join(' '),
          },
          { header: 'Since', cell: (customer) => customer.created_at.slice(0, 10) },
        ]}
      />
    </div>
  );
}
