import { endpoints } from '@sprout/contracts';
import { Link } from 'react-router';
import { AdminTable } from '../features/admin/AdminList';
import { requireAdmin } from '../features/admin/admin.server';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.products';

export const handle = { title: 'Catalogue · Admin' };

/** /admin/products: every product (retired ones too) with its list price; each opens its form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const products = await context.api.read(endpoints.admin.products);
  return { products: products.data };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="admin-page">
      <h1>Catalogue</h1>
      <p className="admin-hint">
        An item's price is its category's price plus its premium difference.{' '}
        <Link to="/admin/categories">Categories and prices</Link> ·{' '}
        <Link to="/admin/menus">Menus and bestseller presets</Link>
      </p>
      <AdminTable
        caption="Products"
        rows={products}
        rowData={(product) => ({ 'data-sku': product.sku })}
        columns={[
          {
            header: 'Product',
            cell: (product) => <Link to={`/admin/products/${product.id}`}>{product.name}</Link>,
          },
          { header: 'Category', cell: (product) => product.category.name },
          { header: 'Price', cell: (product) => money(product.list_price) },
          { header: 'Badge', cell: (product) => product.badge?.name ?? '' },
          { header: 'Sorting', cell: (product) => product.sorting_weight },
          { header: 'On sale', cell: (product) => (product.is_active ? 'Yes' : 'Retired') },
        ]}
      />
    </div>
  );
}
