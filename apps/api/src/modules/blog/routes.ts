import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { requireAdmin, signedIn } from '../../http/guards';
import * as blog from './service';

const tags = ['blog'];
const adminTags = ['admin: blog'];

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

  route(app, endpoints.blog.posts, { tags }, async (request) => app.catalogue.blog.posts(request.query));

  route(
    app,
    endpoints.blog.featured,
    {
      tags,
    },
    async () => (await app.catalogue.blog.featured()).value,
  );

  route(app, endpoints.blog.post, { tags }, async (request) => ({
    data: (await app.catalogue.blog.post(request.params.slug)).value,
    meta: {},
  }));

  route(app, endpoints.blog.categories, { tags }, async () => (await app.catalogue.blog.categories()).value);

  route(app, endpoints.blog.category, { tags }, async (request) => ({
    data: blog.categoryBySlug((await app.catalogue.blog.categories()).value.data, request.params.slug),
    meta: {},
  }));

  route(
    app,
    endpoints.blog.search,
    {
      tags,
    },
    async (request) => blog.searchPosts(db(), request.query.q, request.query.limit),
  );

  route(app, endpoints.blog.sitemap, { tags }, async () => ({
    data: await blog.sitemapEntries(db()),
    meta: {},
  }));

  // Admin: the admin site (docs/decisions/027-admin-site.md) edits posts through these.
  route(
    app,
    endpoints.adminBlog.posts,
    {
      tags: adminTags,
      route: { preHandler: requireAdmin },
    },
    async (request) => {
      const { data, pagination } = await blog.adminListPosts(db(), request.query);
      return { data, meta: { pagination } };
    },
  );

  route(
    app,
    endpoints.adminBlog.create,
    {
      tags: adminTags,
      route: { preHandler: requireAdmin },
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

  route(
    app,
    endpoints.adminBlog.preview,
    {
      tags: adminTags,
      route: { preHandler: requireAdmin },
    },
    async (request) => ({ data: blog.previewMarkdown(request.body.body), meta: {} }),
  );

  route(
    app,
    endpoints.adminBlog.post,
    {
      tags: adminTags,
      route: { preHandler: requireAdmin },
    },
    async (request) => ({ data: await blog.adminFindPost(db(), request.params.id), meta: {} }),
  );

  route(
    app,
    endpoints.adminBlog.update,
    { tags: adminTags, route: { preHandler: requireAdmin } },
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

  route(
    app,
    endpoints.adminBlog.publish,
    {
      tags: adminTags,
      route: { preHandler: requireAdmin },
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

  route(
    app,
    endpoints.adminBlog.unpublish,
    {
      tags: adminTags,
      route: { preHandler: requireAdmin },
    },
    async (request) =>
      postChanged(await blog.adminUnpublishPost(db(), signedIn(request).user.id, request.params.id)),
  );
}
