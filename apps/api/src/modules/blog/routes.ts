import {
  adminBlogPostIdParams,
  adminBlogPostInput,
  adminBlogPostPatch,
  adminBlogPostResponse,
  adminBlogPostsQuery,
  adminBlogPostsResponse,
  adminBlogPreviewInput,
  adminBlogPreviewResponse,
  adminBlogPublishInput,
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
  messageErrorBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin, signedIn } from '../../http/guards';
import * as blog from './service';

const tags = ['blog'];
const adminTags = ['admin: blog'];
const errors = { 404: messageErrorBody, 422: validationErrorBody };
const adminErrors = { 401: messageErrorBody, 403: messageErrorBody, ...errors };

export default async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  /**
   * A committed change to a post: every replica drops the cached published content (decision
   * 028), so an edit, a publication or an unpublication shows at once. Called after the service's
   * transaction has committed, so no replica can re-read the old rows after clearing.
   */
  const postChanged = async <T>(post: T) => {
    await app.catalogue.changed();
    return { data: post, meta: {} };
  };

  app.get(
    '/api/blog/posts',
    {
      schema: {
        tags,
        summary: 'Published posts, newest first, 9 a page; a page past the last is a 404',
        querystring: blogPostsQuery,
        response: { 200: blogPostsResponse, ...errors },
      },
    },
    // From the cache (decision 028) for the storefront's page size.
    async (request) => app.catalogue.blog.posts(request.query),
  );

  app.get(
    '/api/blog/featured',
    {
      schema: {
        tags,
        summary: 'The featured post: the newest one marked featured, else the newest (null without posts)',
        response: { 200: blogFeaturedResponse },
      },
    },
    async () => (await app.catalogue.blog.featured()).value,
  );

  app.get(
    '/api/blog/posts/:slug',
    {
      schema: {
        tags,
        summary: 'One published post with its rendered body, related posts and neighbours',
        params: blogSlugParams,
        response: { 200: blogPostResponse, ...errors },
      },
    },
    // From the cache (decision 028), as the storefront's post page reads it in process.
    async (request) => ({ data: (await app.catalogue.blog.post(request.params.slug)).value, meta: {} }),
  );

  app.get(
    '/api/blog/categories',
    {
      schema: {
        tags,
        summary: 'Blog categories with their published post counts',
        response: { 200: blogCategoriesResponse },
      },
    },
    async () => (await app.catalogue.blog.categories()).value,
  );

  app.get(
    '/api/blog/categories/:slug',
    {
      schema: {
        tags,
        summary: 'One blog category',
        params: blogSlugParams,
        response: { 200: blogCategoryResponse, ...errors },
      },
    },
    async (request) => ({
      data: blog.categoryBySlug((await app.catalogue.blog.categories()).value.data, request.params.slug),
      meta: {},
    }),
  );

  app.get(
    '/api/blog/search',
    {
      schema: {
        tags,
        summary:
          'Full-text search of published posts, ranked, with highlighted snippets (prefix match on the last word)',
        querystring: blogSearchQuery,
        response: { 200: blogSearchResponse, ...errors },
      },
    },
    async (request) => blog.searchPosts(db(), request.query.q, request.query.limit),
  );

  app.get(
    '/api/blog/sitemap',
    {
      schema: {
        tags,
        summary: 'Every public blog address with its last change (for /sitemap.xml)',
        response: { 200: blogSitemapResponse },
      },
    },
    async () => ({ data: await blog.sitemapEntries(db()), meta: {} }),
  );

  // Admin: the admin site (issue 17) edits posts through these.
  app.get(
    '/api/admin/posts',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin only: every post, drafts and scheduled ones first',
        querystring: adminBlogPostsQuery,
        response: { 200: adminBlogPostsResponse, ...adminErrors },
      },
      preHandler: requireAdmin,
    },
    async (request) => {
      const { data, pagination } = await blog.adminListPosts(db(), request.query);
      return { data, meta: { pagination } };
    },
  );

  app.post(
    '/api/admin/posts',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin only: create a post (a draft until published or scheduled)',
        body: adminBlogPostInput,
        response: { 201: adminBlogPostResponse, ...adminErrors },
      },
      preHandler: requireAdmin,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await postChanged(
            await blog.adminCreatePost(
              db(),
              signedIn(request).user.id,
              request.body,
              app.catalogue.productExists,
            ),
          ),
        ),
  );

  app.post(
    '/api/admin/posts/preview',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin only: render Markdown as the article will show it',
        body: adminBlogPreviewInput,
        response: { 200: adminBlogPreviewResponse, ...adminErrors },
      },
      preHandler: requireAdmin,
    },
    async (request) => ({ data: blog.previewMarkdown(request.body.body), meta: {} }),
  );

  app.get(
    '/api/admin/posts/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin only: one post, whatever its status',
        params: adminBlogPostIdParams,
        response: { 200: adminBlogPostResponse, ...adminErrors },
      },
      preHandler: requireAdmin,
    },
    async (request) => ({ data: await blog.adminFindPost(db(), request.params.id), meta: {} }),
  );

  app.patch(
    '/api/admin/posts/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin only: edit a post',
        params: adminBlogPostIdParams,
        body: adminBlogPostPatch,
        response: { 200: adminBlogPostResponse, ...adminErrors },
      },
      preHandler: requireAdmin,
    },
    async (request) =>
      postChanged(
        await blog.adminUpdatePost(
          db(),
          signedIn(request).user.id,
          request.params.id,
          request.body,
          app.catalogue.productExists,
        ),
      ),
  );

  app.post(
    '/api/admin/posts/:id/publish',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin only: publish now, or schedule with a future published_at',
        params: adminBlogPostIdParams,
        body: adminBlogPublishInput,
        response: { 200: adminBlogPostResponse, ...adminErrors },
      },
      preHandler: requireAdmin,
    },
    async (request) =>
      postChanged(
        await blog.adminPublishPost(
          db(),
          signedIn(request).user.id,
          request.params.id,
          request.body.published_at,
        ),
      ),
  );

  app.post(
    '/api/admin/posts/:id/unpublish',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin only: take a post back to draft',
        params: adminBlogPostIdParams,
        response: { 200: adminBlogPostResponse, ...adminErrors },
      },
      preHandler: requireAdmin,
    },
    async (request) =>
      postChanged(await blog.adminUnpublishPost(db(), signedIn(request).user.id, request.params.id)),
  );
}
