import {
  BLOG_PAGE_SIZE,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  type BlogPostsQuery,
  type BlogPostsResponse,
  blogCategoriesResponse,
  blogPost as blogPostSchema,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { CachedAnswer, CatalogueCache } from '../../lib/catalogue-cache';
import * as blog from './service';

/**
 * The blog's published content as its post page reads it (decision 028): the same for every
 * visitor, so kept in the catalogue's cache and dropped with it on every admin write (a post's or
 * the catalogue's, in any replica). Publication compares `published_at` with now(), which no write
 * announces: an answer lives only until the next scheduled post goes live, so a scheduled post
 * shows on time (and its neighbours, related lists and category counts with it).
 * An unknown slug is not kept (a load that throws is never stored).
 */
export type BlogReads = {
  post(slug: string): Promise<CachedAnswer<BlogPost>>;
  categories(): Promise<CachedAnswer<{ data: BlogCategory[]; meta: Record<string, unknown> }>>;
  /**
   * A page of the list as the storefront asks for it (its page size): cached. Another page size
   * is read every time, so no client can fill the cache with sizes nobody shows.
   */
  posts(query: BlogPostsQuery): Promise<BlogPostsResponse>;
  featured(): Promise<CachedAnswer<{ data: BlogPostSummary | null; meta: Record<string, unknown> }>>;
};

const expiry = (nextPublishAt: Date | null) => (nextPublishAt ? { expiresAt: nextPublishAt.getTime() } : {});

export function createBlogReads(db: () => Database, cache: CatalogueCache): BlogReads {
  return {
    post: (slug) =>
      cache.get(JSON.stringify(['blog-post', slug]), async () => {
        const { post, nextPublishAt } = await blog.findPostUntil(db(), slug);
        return { value: blogPostSchema.parse(post), ...expiry(nextPublishAt) };
      }),
    categories: () =>
      cache.get('["blog-categories"]', async () => {
        const { categories, nextPublishAt } = await blog.listCategoriesUntil(db());
        return {
          value: blogCategoriesResponse.parse({ data: categories, meta: {} }),
          ...expiry(nextPublishAt),
        };
      }),
    async posts(query) {
      const load = async () => {
        const { data, pagination, nextPublishAt } = await blog.listPosts(db(), query);
        return { value: { data, meta: { pagination } }, ...expiry(nextPublishAt) };
      };
      if ((query.perPage ?? BLOG_PAGE_SIZE) !== BLOG_PAGE_SIZE) return (await load()).value;
      const key = ['blog-posts', query.page, query.category ?? null, query.exclude_featured === 'true'];
      return (await cache.get(JSON.stringify(key), load)).value;
    },
    featured: () =>
      cache.get('["blog-featured"]', async () => {
        const { post, nextPublishAt } = await blog.findFeaturedUntil(db());
        return { value: { data: post, meta: {} }, ...expiry(nextPublishAt) };
      }),
  };
}
