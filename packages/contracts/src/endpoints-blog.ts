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
  posts: declare({
    summary: 'Published posts, newest first, 9 a page; a page past the last is a 404',
    method: 'GET',
    path: '/api/blog/posts',
    query: blogPostsQuery,
    responses: { 200: blogPostsResponse, ...readFailures },
  }),
  post: declare({
    summary: 'One published post with its rendered body, related posts and neighbours',
    method: 'GET',
    path: '/api/blog/posts/:slug',
    params: blogSlugParams,
    responses: { 200: blogPostResponse, ...readFailures },
  }),
  featured: declare({
    summary: 'The featured post: the newest one marked featured, else the newest (null without posts)',
    method: 'GET',
    path: '/api/blog/featured',
    responses: { 200: blogFeaturedResponse },
  }),
  categories: declare({
    summary: 'Blog categories with their published post counts',
    method: 'GET',
    path: '/api/blog/categories',
    responses: { 200: blogCategoriesResponse },
  }),
  category: declare({
    summary: 'One blog category',
    method: 'GET',
    path: '/api/blog/categories/:slug',
    params: blogSlugParams,
    responses: { 200: blogCategoryResponse, ...readFailures },
  }),
  search: declare({
    summary:
      'Full-text search of published posts, ranked, with highlighted snippets (prefix match on the last word)',
    method: 'GET',
    path: '/api/blog/search',
    query: blogSearchQuery,
    responses: { 200: blogSearchResponse, ...readFailures },
  }),
  sitemap: declare({
    summary: 'Every public blog address with its last change (for /sitemap.xml)',
    method: 'GET',
    path: '/api/blog/sitemap',
    responses: { 200: blogSitemapResponse },
  }),
};
