import { sql } from 'drizzle-orm';
import type { Database } from '../../client';
import { blogCategories as blogCategoriesTable, blogPosts as blogPostsTable } from '../../schema/index';
import { blogImageBase } from '../media';
import { blogCategories } from './categories';
import { blogPosts } from './posts';

export { blogCategories as demoBlogCategories } from './categories';
export { blogPosts as demoBlogPosts } from './posts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Replicas starting together on an empty database: one seeds the blog, the others wait, then see it. */
const BLOG_SEED_LOCK_KEY = 72_310_459;

/**
 * The blog's categories, each unless its slug exists: the admin writes posts into them and cannot
 * make them, so a live store gets them too (without the demo's posts). True when it wrote one.
 */
export async function seedBlogCategories(db: Database): Promise<boolean> {
  const inserted = await db
    .insert(blogCategoriesTable)
    .values(
      blogCategories.map(({ slug, name, description, sortingWeight }) => ({
        slug,
        name,
        description,
        sortingWeight,
      })),
    )
    .onConflictDoNothing({ target: blogCategoriesTable.slug })
    .returning({ id: blogCategoriesTable.id });
  return inserted.length > 0;
}

/**
 * The demo blog's categories and posts, once: nothing happens when a blog category exists, so a
 * store seeded before the blog gets it on its next start and an edited blog is never overwritten.
 * Publication dates count back from now, so the newest post is always a day old.
 */
export async function seedDemoBlog(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(BLOG_SEED_LOCK_KEY))})`);
    const existing = await tx.select({ count: sql<number>`count(*)::int` }).from(blogCategoriesTable);
    if ((existing[0]?.count ?? 0) > 0) return false;
    const categoryRows = await tx
      .insert(blogCategoriesTable)
      .values(
        blogCategories.map(({ slug, name, description, sortingWeight }) => ({
          slug,
          name,
          description,
          sortingWeight,
        })),
      )
      .returning({ id: blogCategoriesTable.id, slug: blogCategoriesTable.slug });
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));
    await tx.insert(blogPostsTable).values(
      blogPosts.map((post) => {
        const categoryId = categoryIds.get(post.category);
        if (categoryId === undefined) throw new Error(`demo blog: unknown category "${post.category}"`);
        const publishedAt = new Date(now.getTime() - post.daysAgo * DAY_MS);
        return {
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          body: post.body,
          categoryId,
          authorName: post.author,
          heroImage: blogImageBase(post.slug),
          heroAlt: post.heroAlt,
          tags: post.tags,
          productSlugs: post.products,
          featured: post.featured ? 1 : 0,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      }),
    );
    return true;
  });
}
