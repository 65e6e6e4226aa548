import {
  BLOG_PAGE_SIZE,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  type BlogPostsResponse,
  endpoints,
  type PaginationMeta,
  type ProductDetail,
} from '@sprout/contracts';
import { data, redirect } from 'react-router';
import { isApiError, type ServerApiClient } from '../../lib/api-client.server';
import type { CatalogueClient } from '../../lib/catalogue.server';
import { orNotFound } from '../../lib/http.server';
import { cataloguePricing } from '../cart/cart-page.server';

/**
 * A page number from the address: digits without a leading zero. Anything else is not a page of
 * the blog (404); page 1 has its own address (the list without /page/1), so it redirects there.
 */
export function pageFromParam(number: string | undefined, firstPagePath: string): number {
  if (number === undefined) return 1;
  if (!/^[1-9]\d{0,4}$/.test(number)) throw data(null, { status: 404 });
  if (number === '1') throw redirect(firstPagePath, 301);
  return Number(number);
}

export type BlogListPage = {
  posts: BlogPostSummary[];
  pagination: PaginationMeta;
  categories: BlogCategory[];
};

/** From the API's cache (decision 028): the same for every visitor. */
export async function loadCategories(catalogue: CatalogueClient): Promise<BlogCategory[]> {
  return (await catalogue.blogCategories()).data;
}

/** One page of the list (all posts, or one category's); an API 404 (page past the last) is the page's 404. */
export async function loadPostList(
  api: ServerApiClient,
  query: { page: number; category?: string; excludeFeatured?: boolean },
): Promise<BlogPostsResponse> {
  return orNotFound(
    api.read(endpoints.blog.posts, {
      query: {
        page: query.page,
        perPage: BLOG_PAGE_SIZE,
        category: query.category,
        exclude_featured: query.excludeFeatured ? 'true' : undefined,
      },
    }),
  );
}

export async function loadFeatured(api: ServerApiClient): Promise<BlogPostSummary | null> {
  return (await api.read(endpoints.blog.featured)).data;
}

/** A published post from the API's cache (decision 028); an unknown one is the page's 404. */
export async function loadPost(catalogue: CatalogueClient, slug: string): Promise<BlogPost> {
  return orNotFound(catalogue.blogPost(slug));
}

/**
 * The dishes an article offers, priced like the visitor's menu cards (cataloguePricing: the cart's
 * plan, or a signed-in subscriber's, decision 042) from the
 * catalogue's cache: a warm read costs nothing without a cart, the cart's pricing row with one).
 * A dish taken off the menu since the post was written is left out rather than failing the
 * article; a stale cart cookie (its cart gone or malformed) is read again as no cart.
 */
export async function loadPostProducts(
  catalogue: CatalogueClient,
  api: ServerApiClient,
  request: Request,
  slugs: string[],
): Promise<ProductDetail[]> {
  if (slugs.length === 0) return [];
  const { cartId, planId } = await cataloguePricing(api, request);
  try {
    return (await catalogue.productCards({ slugs, abandonedCartId: cartId ?? undefined, planId })).data;
  } catch (error) {
    if (!cartId || !isApiError(error) || (error.status !== 404 && error.status !== 422)) throw error;
    return (await catalogue.productCards({ slugs })).data;
  }
}
