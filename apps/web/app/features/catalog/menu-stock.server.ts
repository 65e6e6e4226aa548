import { MENU_STOCK_PAGE_SIZE, type Product, type ProductsQuery } from '@sprout/contracts';
import type { CatalogueClient } from '../../lib/catalogue.server';

/** Which stock: a menu (or, without menu_item, every menu), priced and included as a listing is. */
export type StockQuery = Omit<
  Parameters<CatalogueClient['products']>[0],
  keyof Pick<ProductsQuery, 'page' | 'perPage' | 'only_skus'>
>;

/**
 * A menu's whole stock: MENU_STOCK_PAGE_SIZE dishes a page up to the last page. The first page
 * tells how many there are; the others are read together after it. Each page is one entry of the
 * catalogue's cache (decision 028), shared by every visitor who reads it.
 */
export async function readMenuStock(catalogue: CatalogueClient, query: StockQuery): Promise<Product[]> {
  const page = (number: number) =>
    catalogue.products({ ...query, page: number, perPage: MENU_STOCK_PAGE_SIZE });
  const first = await page(1);
  const others = await Promise.all(
    Array.from({ length: first.meta.pagination.total_pages - 1 }, (_, index) => page(index + 2)),
  );
  return [first, ...others].flatMap((answer) => answer.data);
}
