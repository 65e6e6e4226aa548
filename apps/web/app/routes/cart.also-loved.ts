import type { Product } from '@sprout/contracts';
import { endpoints } from '@sprout/contracts';
import type { Route } from './+types/cart.also-loved';

export type AlsoLovedProduct = Pick<Product, 'sku' | 'name'> & { price: number };

/**
 * GET /cart/also-loved?skus=: the cart panel's "customers also loved" (decision 026), loaded by a
 * fetcher once the panel shows a box, so no page load waits for it. Data only, not a page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const skus = new URL(request.url).searchParams.get('skus') ?? '';
  const { data } = await context.api.read(endpoints.catalog.alsoLoved, {
    query: {
      ...(skus ? { skus } : {}),
      limit: 6,
    },
  });
  const inBox = new Set(skus.split(','));
  const products: AlsoLovedProduct[] = data
    .filter((product) => !inBox.has(product.sku))
    .slice(0, 3)
    .map((product) => ({ sku: product.sku, name: product.name, price: product.price.price }));
  return { products };
}
