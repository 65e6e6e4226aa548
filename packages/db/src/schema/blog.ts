import { type SQL, sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (Drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export const blogCategories = pgTable('blog_categories', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  sortingWeight: integer().notNull().default(0),
});

/**
 * A blog post. `publishedAt` decides visibility: null is a draft, a future instant is scheduled
 * (it appears by itself when the instant passes, no job needed), a past one is published.
 * The search document is a generated column, so every write keeps it in step with the text.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull(),
    /** Markdown, rendered and sanitised by the API when read. */
    body: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => blogCategories.id),
    authorName: text().notNull(),
    /** Base path of the hero picture's renditions: `${heroImage}/${size}.webp`. */
    heroImage: text().notNull(),
    heroAlt: text().notNull(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Slugs of catalogue products the post shows with add-to-box controls. */
    productSlugs: text().array().notNull().default(sql`'{}'::text[]`),
    featured: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchDocument: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${blogPosts.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${blogPosts.excerpt}, '')), 'B') || setweight(to_tsvector('english', coalesce(${blogPosts.body}, '')), 'C')`,
    ),
  },
  (table) => [
    index('blog_posts_published_idx').on(table.publishedAt),
    index('blog_posts_category_idx').on(table.categoryId, table.publishedAt),
    index('blog_posts_search_idx').using('gin', table.searchDocument),
  ],
);
