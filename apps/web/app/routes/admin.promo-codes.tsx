import { type AdminPromoCodeWithSales, endpoints, PROMO_CODE_STATUS_LABELS } from '@sprout/contracts';
import { Link } from 'react-router';
import { AdminTable } from '../features/admin/AdminList';
import { requireAdmin } from '../features/admin/admin.server';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.promo-codes';

export const handle = { title: 'Promo codes · Admin' };

/** /admin/promo-codes: every code with its tiers, limits, window, usage and revenue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const codes = await context.api.read(endpoints.admin.promoCodes);
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
      <AdminTable
        caption="Promo codes"
        rows={loaderData.codes}
        rowData={(code) => ({ 'data-code': code.code })}
        columns={[
          { header: 'Code', cell: (code) => <Link to={`/admin/promo-codes/${code.id}`}>{code.code}</Link> },
          { header: 'Tiers', cell: (code) => code.tiers.map(tierText).join('; ') },
          {
            header: 'Used',
            cell: (code) => `${code.uses_count}${code.max_uses === null ? '' : ` of ${code.max_uses}`}`,
          },
          { header: 'Orders', cell: (code) => code.sales.orders },
          { header: 'Revenue', cell: (code) => money(code.sales.revenue) },
          {
            header: 'Window',
            cell: (code) =>
              `${code.starts_at ? code.starts_at.slice(0, 10) : 'now'} – ${code.ends_at ? code.ends_at.slice(0, 10) : 'open'}`,
          },
          { header: 'Status', cell: (code) => PROMO_CODE_STATUS_LABELS[code.status] },
        ]}
      />
    </div>
  );
}
