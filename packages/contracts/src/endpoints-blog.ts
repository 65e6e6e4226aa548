import {
  blogCategoriesResponse,
  blogCategoryResponse,
  blogFeaturedResponse,
  blogPostResponse,
  blogPostsQuery,
  blogPostsResponse,
  blogSearchQuery,
  blogSearchResponse,
  blogSitemapResponse,
  blogSlugParams,
} from './blog';
import { readFailures } from './endpoint-failures';
import { declare } from './endpoints-types';

export const blogEndpoints = {
  /** Published posts, newest first, 9 a page; a page past the last is a 404 */
  posts: declare({
    method: 'GET',
    path: '/api/blog/posts',
    query: blogPostsQuery,
    responses: { 200: blogPostsResponse, ...readFailures },
  }),
  /** One published post with its rendered body, related posts and neighbours */
  post: declare({
    method: 'GET',
    path: '/api/blog/posts/:slug',
    params: blogSlugParams,
    responses: { 200: blogPostResponse, ...readFailures },
  }),
  /** The featured post: the newest one marked featured, else the newest (null without posts) */
  featured: declare({ method: 'GET', path: '/api/blog/featured', responses: { 200: blogFeaturedResponse } }),
  /** Blog categories with their published post counts */
  categories: declare({
    method: 'GET',
    path: '/api/blog/categories',
    responses: { 200: blogCategoriesResponse },
  }),
  /** One blog category */
  category: declare({
    method: 'GET',
    path: '/api/blog/categories/:slug',
    params: blogSlugParams,
    responses: { 200: blogCategoryResponse, ...readFailures },
  }),
  /** Full-text search of published posts, ranked, with highlighted snippets (prefix match on the last word) */
  search: declare({
    method: 'GET',
    path: '/api/blog/search',
    query: blogSearchQuery,
    responses: { 200: blogSearchResponse, ...readFailures },
  }),
  /** Every public blog address with its last change (for /sitemap.xml) */
  sitemap: declare({ method: 'GET', path: '/api/blog/sitemap', responses: { 200: blogSitemapResponse } }),
};
