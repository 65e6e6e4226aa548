import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { HIGHLIGHT_START, HIGHLIGHT_STOP } from './markdown';

const { blogCategories, blogPosts } = schema;

export type BlogCategoryRow = typeof blogCategories.$inferSelect;
export type BlogPostRow = Omit<typeof blogPosts.$inferSelect, 'searchDocument'>;
export type BlogPostWithCategory = { post: BlogPostRow; category: BlogCategoryRow };

/** Every column but the search document (large, and only the database reads it). */
const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  body: blogPosts.body,
  categoryId: blogPosts.categoryId,
  authorName: blogPosts.authorName,
  heroImage: blogPosts.heroImage,
  heroAlt: blogPosts.heroAlt,
  tags: blogPosts.tags,
  productSlugs: blogPosts.productSlugs,
  featured: blogPosts.featured,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

/** Visible to readers: published, and not scheduled for later (a schedule needs no job). */
const isPublished = and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, sql`now()`)) as SQL;
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

/**
 * The next instant a scheduled post goes live (null when none is scheduled): until then what
 * readers see cannot change by itself, so a cached answer may live that long (decision 028).
 */
const nextPublishAt =
  sql<Date | null>`(select min("scheduled"."published_at") from "blog_posts" "scheduled" where "scheduled"."published_at" > now())`.mapWith(
    blogPosts.publishedAt,
  );

function selectPosts(db: Database) {
  return db
    .select({ post: postColumns, category: blogCategories })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
}

/** Every category with its published post count; each row also names the next scheduled publication. */
export async function listCategories(
  db: Database,
): Promise<(BlogCategoryRow & { postCount: number; nextPublishAt: Date | null })[]> {
  return db
    .select({
      id: blogCategories.id,
      slug: blogCategories.slug,
      name: blogCategories.name,
      description: blogCategories.description,
      sortingWeight: blogCategories.sortingWeight,
      // Spelled out: Drizzle leaves columns unqualified in a select list without a join.
      postCount:
        sql<number>`(select count(*) from "blog_posts" where "blog_posts"."category_id" = "blog_categories"."id" and ${isPublished})`.mapWith(
          Number,
        ),
      nextPublishAt,
    })
    .from(blogCategories)
    .orderBy(desc(blogCategories.sortingWeight), asc(blogCategories.id));
}

export async function findCategoryBySlug(db: Database, slug: string): Promise<BlogCategoryRow | null> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.slug, slug)).limit(1);
  return row ?? null;
}

/**
 * One page of published posts, newest first, the total count, and the next scheduled publication
 * (with the count: until then the page stays as it is).
 */
export async function listPublished(
  db: Database,
  filter: { categoryId?: number | undefined; excludeId?: number | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: BlogPostWithCategory[]; total: number; nextPublishAt: Date | null }> {
  const conditions: SQL[] = [isPublished];
  if (filter.categoryId !== undefined) conditions.push(eq(blogPosts.categoryId, filter.categoryId));
  if (filter.excludeId !== undefined) conditions.push(ne(blogPosts.id, filter.excludeId));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    selectPosts(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number), nextPublishAt })
      .from(blogPosts)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0, nextPublishAt: count?.nextPublishAt ?? null };
}

/** When the next scheduled post goes live (null: none is scheduled). */
export async function findNextPublishAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ nextPublishAt }).from(sql`(select 1) as "one"`);
  return row?.nextPublishAt ?? null;
}

/** The newest post marked featured, else simply the newest post. */
export async function findFeatured(db: Database): Promise<BlogPostWithCategory | null> {
  const [row] = await selectPosts(db)
    .where(isPublished)
    .orderBy(desc(blogPosts.featured), ...newestFirst)
    .limit(1);
  return row ?? null;
}

/** A published post with its category and the next scheduled publication, in one statement. */
export async function findPublishedBySlug(
  db: Database,
  slug: string,
): Promise<(BlogPostWithCategory & { nextPublishAt: Date | null }) | null> {
  const [row] = await db
    .select({ post: postColumns, category: blogCategories, nextPublishAt })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(isPublished, eq(blogPosts.slug, slug)))
    .limit(1);
  return row ?? null;
}

export type PostLink = { slug: string; title: string };

/**
 * Around one published post, in one statement: the published posts just before (older) and after
 * (newer) it in publication order, and up to `limit` related ones (sharing the category or a tag,
 * those sharing both first, then the newest).
 */
export async function findNeighboursAndRelated(
  db: Database,
  post: { id: number; publishedAt: Date; categoryId: number; tags: string[] },
  limit: number,
): Promise<{ previous: PostLink | null; next: PostLink | null; related: BlogPostWithCategory[] }> {
  const at = post.publishedAt;
  // Drizzle spreads a JS array into a parameter list, so the array literal is built explicitly.
  const tags =
    post.tags.length === 0
      ? sql`'{}'::text[]`
      : sql`array[${sql.join(
          post.tags.map((tag) => sql`${tag}`),
          sql`, `,
        )}]::text[]`;
  const score = sql`(case when ${blogPosts.categoryId} = ${post.categoryId} then 2 else 0 end) + cardinality(array(select unnest(${blogPosts.tags}) intersect select unnest(${tags})))`;
  const around = (kind: 'previous' | 'next' | 'related') =>
    db
      .select({
        kind: sql<string>`${kind}::text`.as('kind'),
        score: sql<number>`${score}`.mapWith(Number).as('score'),
        post: postColumns,
        category: blogCategories,
      })
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
  const rows = await unionAll(
    around('previous')
      .where(
        and(
          isPublished,
          or(lt(blogPosts.publishedAt, at), and(eq(blogPosts.publishedAt, at), lt(blogPosts.id, post.id))),
        ),
      )
      .orderBy(...newestFirst)
      .limit(1),
    around('next')
      .where(
        and(
          isPublished,
          or(gt(blogPosts.publishedAt, at), and(eq(blogPosts.publishedAt, at), gt(blogPosts.id, post.id))),
        ),
      )
      .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id))
      .limit(1),
    around('related')
      .where(and(isPublished, ne(blogPosts.id, post.id)))
      .orderBy(desc(score), ...newestFirst)
      .limit(limit),
  );
  const link = (kind: string) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row ? { slug: row.post.slug, title: row.post.title } : null;
  };
  return {
    previous: link('previous'),
    next: link('next'),
    // A union promises no order across or within its parts: the related ones are ordered here.
    related: rows
      .filter((row) => row.kind === 'related')
      .sort(
        (a, b) =>
          b.score - a.score ||
          (b.post.publishedAt?.getTime() ?? 0) - (a.post.publishedAt?.getTime() ?? 0) ||
          b.post.id - a.post.id,
      )
      .map(({ post, category }) => ({ post, category })),
  };
}

/**
 * Full-text search over title (weight A), excerpt (B) and body (C), best first. The snippet is
 * taken from the text without its Markdown, matches between the highlight markers.
 */
export async function search(
  db: Database,
  tsquery: string,
  limit: number,
): Promise<{ rows: (BlogPostWithCategory & { rank: number; snippet: string })[]; total: number }> {
  const query = sql`to_tsquery('english', ${tsquery})`;
  const matches = and(isPublished, sql`${blogPosts.searchDocument} @@ ${query}`);
  const rank = sql<number>`ts_rank_cd(${blogPosts.searchDocument}, ${query})`.mapWith(Number);
  const plainBody = sql`regexp_replace(regexp_replace(${blogPosts.excerpt} || ' ' || ${blogPosts.body}, '\\]\\([^)]*\\)', '', 'g'), '[#*_>|\\[\\]\`]', '', 'g')`;
  const options = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        post: postColumns,
        category: blogCategories,
        rank,
        snippet: sql<string>`ts_headline('english', ${plainBody}, ${query}, ${options})`,
      })
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(matches)
      .orderBy(desc(rank), ...newestFirst)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(blogPosts)
      .where(matches),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Slug and last change of every published post, newest first (sitemap, feed). */
export async function listPublishedStamps(db: Database) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, categoryId: blogPosts.categoryId })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(...newestFirst);
}

// ---------------------------------------------------------------------------------------------
// Admin

export type AdminStatus = 'draft' | 'scheduled' | 'published';

function statusCondition(status: AdminStatus): SQL {
  if (status === 'draft') return isNull(blogPosts.publishedAt);
  if (status === 'scheduled') return gt(blogPosts.publishedAt, sql`now()`);
  return isPublished;
}

export async function listAll(
  db: Database,
  status: AdminStatus | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: BlogPostWithCategory[]; total: number }> {
  const where = status ? statusCondition(status) : undefined;
  const [rows, [count]] = await Promise.all([
    selectPosts(db)
      .where(where)
      .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(blogPosts)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findById(db: Database, id: number): Promise<BlogPostWithCategory | null> {
  const [row] = await selectPosts(db).where(eq(blogPosts.id, id)).limit(1);
  return row ?? null;
}

export async function slugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      exceptId === undefined
        ? eq(blogPosts.slug, slug)
        : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export type PostValues = Omit<
  typeof blogPosts.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'searchDocument'
>;

/** Null when the slug was taken in the meantime (the unique index decides, not the earlier check). */
export async function insertPost(db: Database, values: PostValues): Promise<number | null> {
  const [row] = await db
    .insert(blogPosts)
    .values(values)
    .onConflictDoNothing({ target: blogPosts.slug })
    .returning({ id: blogPosts.id });
  return row?.id ?? null;
}

export async function updatePost(db: Database, id: number, values: Partial<PostValues>): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}
