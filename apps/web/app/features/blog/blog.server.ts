import {
  BLOG_PAGE_SIZE,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  type BlogPostsResponse,
  type PaginationMeta,
  type ProductDetail,
} from '@sprout/contracts';
import { data, redirect } from 'react-router';
import { isApiError, type ServerApiClient } from '../../lib/api-client.server';
import { orNotFound } from '../../lib/http.server';
import { readCartIdFromCookie } from '../cart/storage';

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

export async function loadCategories(api: ServerApiClient): Promise<BlogCategory[]> {
  return (await api.get<{ data: BlogCategory[] }>('/api/blog/categories')).data;
}

/** One page of the list (all posts, or one category's); an API 404 (page past the last) is the page's 404. */
export async function loadPostList(
  api: ServerApiClient,
  query: { page: number; category?: string; excludeFeatured?: boolean },
): Promise<BlogPostsResponse> {
  return orNotFound(
    api.get<BlogPostsResponse>('/api/blog/posts', {
      page: query.page,
      perPage: BLOG_PAGE_SIZE,
      category: query.category,
      exclude_featured: query.excludeFeatured ? 'true' : undefined,
    }),
  );
}

export async function loadFeatured(api: ServerApiClient): Promise<BlogPostSummary | null> {
  return (await api.get<{ data: BlogPostSummary | null }>('/api/blog/featured')).data;
}

export async function loadPost(api: ServerApiClient, slug: string): Promise<BlogPost> {
  return (await orNotFound(api.get<{ data: BlogPost }>(`/api/blog/posts/${encodeURIComponent(slug)}`))).data;
}

/**
 * The dishes an article offers, priced for the visitor's cart like their menu cards. A dish
 * taken off the menu since the post was written is left out rather than failing the article.
 */
export async function loadPostProducts(
  api: ServerApiClient,
  request: Request,
  slugs: string[],
): Promise<ProductDetail[]> {
  const cartId = readCartIdFromCookie(request.headers.get('cookie'));
  const read = async (slug: string, abandoned_cart: string | undefined) =>
    (
      await api.get<{ data: ProductDetail }>(`/api/products/${encodeURIComponent(slug)}`, {
        abandoned_cart,
        include: 'badge,category',
      })
    ).data;
  const products = await Promise.all(
    slugs.map(async (slug) => {
      try {
        return await read(slug, cartId ?? undefined);
      } catch (error) {
        if (!isApiError(error) || (error.status !== 404 && error.status !== 422)) throw error;
        // A stale cart cookie (422/404 for the cart) is read again without it; a gone dish is skipped.
        if (!cartId) return null;
        try {
          return await read(slug, undefined);
        } catch (again) {
          if (isApiError(again) && again.status === 404) return null;
          throw again;
        }
      }
    }),
  );
  return products.filter((product): product is ProductDetail => product !== null);
}
