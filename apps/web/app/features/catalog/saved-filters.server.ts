import { endpoints } from '@sprout/contracts';
import type { ServerApiClient } from '../../lib/api-client.server';

export type MenuFilterSelection = { indicators: string[]; tags: string[] };

/** Whether the address chose filters itself (a filter change always names them). */
export function namesFilters(search: URLSearchParams): boolean {
  return search.has('indicators') || search.has('tags');
}

/**
 * The filters saved on the visitor's cart: a visitor who comes back to the menus without filters in
 * the address sees the ones they chose. Null without a cart, or with none saved; a cart that is
 * gone is no reason to fail the page.
 */
export async function savedFilters(
  api: ServerApiClient,
  cartId: string | null,
): Promise<MenuFilterSelection | null> {
  if (!cartId) return null;
  const answer = await api.call(endpoints.carts.read, { params: { cartId } });
  if (answer.kind !== 'ok') return null;
  const { indicators, tags } = answer.data.data.filters;
  return indicators.length + tags.length > 0 ? { indicators, tags } : null;
}

/** A menu's address with these filters, as the filter form's GET would write it. */
export function filteredMenuPath(menuPath: string, filters: MenuFilterSelection): string {
  const search = new URLSearchParams();
  for (const slug of filters.indicators) search.append('indicators', slug);
  for (const slug of filters.tags) search.append('tags', slug);
  return search.size > 0 ? `${menuPath}?${search}` : menuPath;
}
