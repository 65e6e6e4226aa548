import type { AdminPromoCodeWithSales } from '@sprout/contracts';
import { Link } from 'react-router';
import { requireAdmin } from '../features/admin/admin.server';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.promo-codes';

export const handle = { title: 'Promo codes · Admin' };

/** /admin/promo-codes: every code with its tiers, limits, window, usage and revenue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const codes = await context.api.get<{ data: AdminPromoCodeWithSales[] }>('/api/admin/promo-codes');
  return { codes: codes.data };
}

const tierText = (tier: AdminPromoCodeWithSales['tiers'][number]) =>
  `box ${tier.weekly_ordinal_number}: ${
    tier.type === 'percent_off'
      ? `${tier.amount}% off`
      : tier.type === 'dollars_off'
        ? `$${tier.amount} off`
        : `${tier.amount} free`
  }${tier.free_shipping ? ', free shipping' : ''}`;

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <h1>Promo codes</h1>
      <p>
        <Link to="/admin/promo-codes/new" className="button button--primary">
          New promo code
        </Link>
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Promo codes</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Tiers</th>
              <th scope="col">Used</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
              <th scope="col">Window</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.codes.map((code) => (
              <tr key={code.id} data-code={code.code}>
                <th scope="row">
                  <Link to={`/admin/promo-codes/${code.id}`}>{code.code}</Link>
                </th>
                <td>{code.tiers.map(tierText).join('; ')}</td>
                <td>
                  {code.uses_count}
                  {code.max_uses === null ? '' : ` of ${code.max_uses}`}
                </td>
                <td>{code.sales.orders}</td>
                <td>{money(code.sales.revenue)}</td>
                <td>
                  {code.starts_at ? code.starts_at.slice(0, 10) : 'now'} –{' '}
                  {code.ends_at ? code.ends_at.slice(0, 10) : 'open'}
                </td>
                <td>{code.is_active ? 'Active' : 'Disabled'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
