import {
  type AdminBlogPost,
  type AdminBlogPostInput,
  type AdminBlogPostPatch,
  BLOG_CATEGORY_UNKNOWN_MESSAGE,
  BLOG_PAGE_SIZE,
  BLOG_PRODUCT_UNKNOWN_MESSAGE,
  BLOG_RELATED_LIMIT,
  BLOG_SEARCH_MAX_LENGTH,
  BLOG_SLUG_TAKEN_MESSAGE,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  type BlogPostsQuery,
  type BlogSearchResponse,
  type PaginationMeta,
  paginate,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { blogCategoryImageBase } from '@sprout/db/seed';
import { AppError } from '../../errors/app-error';
import { recordAdminAction } from '../../platform/audit/service';
import { highlightToHtml, readingMinutes, renderMarkdown, searchQueryText } from './markdown';
import * as repository from './repository';
import { toAdminPost, toCategory, toSummary } from './wire';

const NOT_FOUND = 'Blog post not found.';

/** The categories with their counts, and the instant those counts next change by themselves. */
export async function listCategoriesUntil(
  db: Database,
): Promise<{ categories: BlogCategory[]; nextPublishAt: Date | null }> {
  const rows = await repository.listCategories(db);
  return {
    categories: rows.map((row) => toCategory(row, row.postCount)),
    nextPublishAt: rows[0]?.nextPublishAt ?? null,
  };
}

/** One category of the list (the cached one, with its counts), or a 404. */
export function categoryBySlug(categories: BlogCategory[], slug: string): BlogCategory {
  const category = categories.find((candidate) => candidate.slug === slug);
  if (!category) throw AppError.notFound(`Blog category "${slug}" not found.`);
  return category;
}

/**
 * A page of posts, newest first. A page past the last one is a 404 (the storefront turns it into
 * its 404 page); page 1 of an empty list is not.
 */
export async function listPosts(
  db: Database,
  query: BlogPostsQuery,
): Promise<{ data: BlogPostSummary[]; pagination: PaginationMeta; nextPublishAt: Date | null }> {
  const perPage = query.perPage ?? BLOG_PAGE_SIZE;
  let categoryId: number | undefined;
  if (query.category) {
    const category = await repository.findCategoryBySlug(db, query.category);
    if (!category) throw AppError.notFound(`Blog category "${query.category}" not found.`);
    categoryId = category.id;
  }
  const excludeId =
    query.exclude_featured === 'true' ? (await repository.findFeatured(db))?.post.id : undefined;
  const { rows, total, nextPublishAt } = await repository.listPublished(
    db,
    { categoryId, excludeId },
    { offset: (query.page - 1) * perPage, limit: perPage },
  );
  const pagination = paginate(total, query.page, perPage, rows.length);
  if (query.page > pagination.total_pages) throw AppError.notFound(`There is no page ${query.page}.`);
  return { data: rows.map(toSummary), pagination, nextPublishAt };
}

/** The featured post, and when the next scheduled one goes live (it may take its place). */
export async function findFeaturedUntil(
  db: Database,
): Promise<{ post: BlogPostSummary | null; nextPublishAt: Date | null }> {
  const [row, nextPublishAt] = await Promise.all([
    repository.findFeatured(db),
    repository.findNextPublishAt(db),
  ]);
  return { post: row ? toSummary(row) : null, nextPublishAt };
}

export async function findPost(db: Database, slug: string): Promise<BlogPost> {
  return (await findPostUntil(db, slug)).post;
}

/**
 * One published post as its page shows it (two statements: the post with its category, then its
 * neighbours and related posts), and the instant a scheduled post next goes live: until then
 * nothing of this answer changes without an admin write (decision 028).
 */
export async function findPostUntil(
  db: Database,
  slug: string,
): Promise<{ post: BlogPost; nextPublishAt: Date | null }> {
  const row = await repository.findPublishedBySlug(db, slug);
  if (!row?.post.publishedAt) throw AppError.notFound(NOT_FOUND);
  const { post } = row;
  const around = await repository.findNeighboursAndRelated(
    db,
    { id: post.id, publishedAt: post.publishedAt as Date, categoryId: post.categoryId, tags: post.tags },
    BLOG_RELATED_LIMIT,
  );
  return {
    post: {
      ...toSummary(row),
      body_html: renderedBody(post.id, post.body),
      product_slugs: post.productSlugs,
      related: around.related.map(toSummary),
      previous: around.previous,
      next: around.next,
    },
    nextPublishAt: row.nextPublishAt,
  };
}

/** Bodies rendered lately, by post id: a body is rendered once per version, not once per read. */
const renderedBodies = new Map<number, { body: string; html: string }>();
const RENDERED_BODIES_MAX = 500;

function renderedBody(id: number, body: string): string {
  const known = renderedBodies.get(id);
  // Comparing the source is far cheaper than rendering and sanitising it, and exact: an edit shows.
  if (known?.body === body) return known.html;
  const html = renderMarkdown(body);
  renderedBodies.delete(id);
  renderedBodies.set(id, { body, html });
  if (renderedBodies.size > RENDERED_BODIES_MAX)
    renderedBodies.delete(renderedBodies.keys().next().value as number);
  return html;
}

/** Ranked full-text search; an input with nothing searchable in it finds nothing (not an error). */
export async function searchPosts(db: Database, input: string, limit: number): Promise<BlogSearchResponse> {
  const query = input.trim().slice(0, BLOG_SEARCH_MAX_LENGTH);
  const tsquery = searchQueryText(query, BLOG_SEARCH_MAX_LENGTH);
  if (!tsquery) return { data: [], meta: { query, total: 0 } };
  const { rows, total } = await repository.search(db, tsquery, limit);
  return {
    data: rows.map((row) => ({ ...toSummary(row), snippet: highlightToHtml(row.snippet), rank: row.rank })),
    meta: { query, total },
  };
}

/** Every public blog address with its last change: posts, categories, the list itself. */
export async function sitemapEntries(db: Database): Promise<{ path: string; updated_at: string }[]> {
  const [posts, categories] = await Promise.all([
    repository.listPublishedStamps(db),
    repository.listCategories(db),
  ]);
  const newest = posts[0]?.updatedAt;
  const entries: { path: string; updated_at: string }[] = [];
  if (newest) entries.push({ path: '/blog/', updated_at: newest.toISOString() });
  for (const category of categories) {
    if (category.postCount === 0) continue;
    const latest = posts.find((post) => post.categoryId === category.id);
    if (latest)
      entries.push({ path: `/blog/category/${category.slug}/`, updated_at: latest.updatedAt.toISOString() });
  }
  for (const post of posts)
    entries.push({ path: `/blog/${post.slug}/`, updated_at: post.updatedAt.toISOString() });
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Admin

export async function adminListPosts(
  db: Database,
  query: { page: number; perPage: number; status?: 'draft' | 'scheduled' | 'published' | undefined },
): Promise<{ data: AdminBlogPost[]; pagination: PaginationMeta }> {
  const { rows, total } = await repository.listAll(db, query.status, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  const now = new Date();
  return {
    data: rows.map((row) => toAdminPost(row, now)),
    pagination: paginate(total, query.page, query.perPage, rows.length),
  };
}

export async function adminFindPost(db: Database, id: number): Promise<AdminBlogPost> {
  const row = await repository.findById(db, id);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return toAdminPost(row);
}

async function categoryIdOf(db: Database, slug: string): Promise<number> {
  const category = await repository.findCategoryBySlug(db, slug);
  if (!category) throw AppError.invalidField('category', BLOG_CATEGORY_UNKNOWN_MESSAGE);
  return category.id;
}

/** Whether a dish exists: the catalog module decides, and the caller hands its answer over (decision 048). */
export type ProductExists = (db: Database, slug: string) => Promise<boolean>;

/** Products a post offers must be on the menu (catalog decides), or the article would show a gap. */
async function checkProducts(db: Database, slugs: string[], productExists: ProductExists): Promise<void> {
  const found = await Promise.all(slugs.map((slug) => productExists(db, slug)));
  if (found.includes(false)) throw AppError.invalidField('product_slugs', BLOG_PRODUCT_UNKNOWN_MESSAGE);
}

export async function adminCreatePost(
  db: Database,
  actorUserId: number,
  input: AdminBlogPostInput,
  productExists: ProductExists,
): Promise<AdminBlogPost> {
  const categoryId = await categoryIdOf(db, input.category);
  await checkProducts(db, input.product_slugs, productExists);
  return db.transaction(async (tx) => {
    const id = await repository.insertPost(tx, {
      slug: input.slug,
      title: input.title,
      excerpt: input.excerpt,
      body: input.body,
      categoryId,
      authorName: input.author_name,
      heroImage: input.hero_image || blogCategoryImageBase(input.category),
      heroAlt: input.hero_alt,
      tags: input.tags,
      productSlugs: input.product_slugs,
      featured: input.featured ? 1 : 0,
      // A new post is a draft until it is published or scheduled.
      publishedAt: null,
    });
    if (id === null) throw AppError.invalidField('slug', BLOG_SLUG_TAKEN_MESSAGE);
    const after = await adminFindPost(tx, id);
    await auditPost(tx, actorUserId, 'post.create', id, null, after);
    return after;
  });
}

/** The audit entry of a post change; the body is left out (it can be long), its length kept. */
async function auditPost(
  tx: Database,
  actorUserId: number,
  action: string,
  id: number,
  before: AdminBlogPost | null,
  after: AdminBlogPost,
) {
  const brief = ({ body, ...post }: AdminBlogPost) => ({ ...post, body_length: body.length });
  await recordAdminAction(tx, {
    actorUserId,
    action,
    entity: 'post',
    entityId: id,
    before: before ? brief(before) : null,
    after: brief(after),
  });
}

export async function adminUpdatePost(
  db: Database,
  actorUserId: number,
  id: number,
  patch: AdminBlogPostPatch,
  productExists: ProductExists,
): Promise<AdminBlogPost> {
  await adminFindPost(db, id);
  if (patch.slug !== undefined && (await repository.slugTaken(db, patch.slug, id)))
    throw AppError.invalidField('slug', BLOG_SLUG_TAKEN_MESSAGE);
  if (patch.product_slugs) await checkProducts(db, patch.product_slugs, productExists);
  const values: Partial<repository.PostValues> = {};
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.slug !== undefined) values.slug = patch.slug;
  if (patch.excerpt !== undefined) values.excerpt = patch.excerpt;
  if (patch.body !== undefined) values.body = patch.body;
  if (patch.category !== undefined) values.categoryId = await categoryIdOf(db, patch.category);
  if (patch.author_name !== undefined) values.authorName = patch.author_name;
  if (patch.hero_image) values.heroImage = patch.hero_image;
  if (patch.hero_alt !== undefined) values.heroAlt = patch.hero_alt;
  if (patch.tags !== undefined) values.tags = patch.tags;
  if (patch.product_slugs !== undefined) values.productSlugs = patch.product_slugs;
  if (patch.featured !== undefined) values.featured = patch.featured ? 1 : 0;
  return changePost(db, actorUserId, 'post.update', id, values);
}

/** Publish now, or schedule: a future instant keeps the post out of sight until then. */
export async function adminPublishPost(
  db: Database,
  actorUserId: number,
  id: number,
  at: string | undefined,
): Promise<AdminBlogPost> {
  const publishedAt = at ? new Date(at) : new Date();
  const action = publishedAt.getTime() > Date.now() ? 'post.schedule' : 'post.publish';
  return changePost(db, actorUserId, action, id, { publishedAt });
}

export async function adminUnpublishPost(
  db: Database,
  actorUserId: number,
  id: number,
): Promise<AdminBlogPost> {
  return changePost(db, actorUserId, 'post.unpublish', id, { publishedAt: null });
}

/** One audited change of a post: the row, its before and after, and the entry in one transaction. */
async function changePost(
  db: Database,
  actorUserId: number,
  action: string,
  id: number,
  values: Partial<repository.PostValues>,
): Promise<AdminBlogPost> {
  return db.transaction(async (tx) => {
    const before = await adminFindPost(tx, id);
    await repository.updatePost(tx, id, values);
    const after = await adminFindPost(tx, id);
    await auditPost(tx, actorUserId, action, id, before, after);
    return after;
  });
}

export function previewMarkdown(body: string): { html: string; reading_minutes: number } {
  return { html: renderMarkdown(body), reading_minutes: readingMinutes(body) };
}
