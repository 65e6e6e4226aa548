import type { AdminCustomerSummary } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import { requireAdmin } from '../features/admin/admin.server';
import type { Route } from './+types/admin.customers';

export const handle = { title: 'Customers · Admin' };

/** /admin/customers?q=: accounts by email, name or id. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const customers = await context.api.get<{ data: AdminCustomerSummary[] }>('/api/admin/customers', {
    q: q || undefined,
  });
  return { q, customers: customers.data };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { q, customers } = loaderData;
  return (
    <div className="admin-page">
      <h1>Customers</h1>
      <Form method="get" role="search" className="admin-inline-form">
        <label htmlFor="customer-search">Email, name or account number</label>
        <input id="customer-search" type="search" name="q" defaultValue={q} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </Form>
      {customers.length === 0 ? <p>No accounts match.</p> : null}
      {customers.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{q ? `Accounts matching ${q}` : 'Newest accounts'}</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">
                    <Link to={`/admin/customers/${customer.id}`}>{customer.email}</Link>
                    {customer.is_admin ? ' (admin)' : ''}
                  </th>
                  <td>{[customer.first_name, customer.last_name].filter(Boolean).join(' ')}</td>
                  <td>{customer.created_at.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
