import type { AdminProduct } from '@sprout/contracts';
import { Link } from 'react-router';
import { requireAdmin } from '../features/admin/admin.server';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.products';

export const handle = { title: 'Catalogue · Admin' };

/** /admin/products: every product (retired ones too) with its list price; each opens its form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const products = await context.api.get<{ data: AdminProduct[] }>('/api/admin/products');
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
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Products</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Category</th>
              <th scope="col">Price</th>
              <th scope="col">Badge</th>
              <th scope="col">Sorting</th>
              <th scope="col">On sale</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id} data-sku={product.sku}>
                <th scope="row">
                  <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                </th>
                <td>{product.category.name}</td>
                <td>{money(product.list_price)}</td>
                <td>{product.badge?.name ?? ''}</td>
                <td>{product.sorting_weight}</td>
                <td>{product.is_active ? 'Yes' : 'Retired'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
