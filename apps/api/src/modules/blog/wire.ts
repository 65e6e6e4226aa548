import type { AdminBlogPost, BlogCategory, BlogPostSummary } from '@sprout/contracts';
import { readingMinutes } from './markdown';
import type { BlogCategoryRow, BlogPostWithCategory } from './repository';

/** The hero's renditions, rendered by packages/db/src/seed/render-images.ts under its base path. */
export function heroOf(base: string, alt: string): BlogPostSummary['hero'] {
  return {
    large: `${base}/landing-desktop.webp`,
    medium: `${base}/meal-card-desktop.webp`,
    small: `${base}/meal-card-mobile.webp`,
    alt,
  };
}

export function toSummary({ post, category }: BlogPostWithCategory): BlogPostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: { slug: category.slug, name: category.name },
    author: post.authorName,
    tags: post.tags,
    hero: heroOf(post.heroImage, post.heroAlt),
    featured: post.featured > 0,
    published_at: (post.publishedAt ?? post.createdAt).toISOString(),
    updated_at: post.updatedAt.toISOString(),
    reading_minutes: readingMinutes(post.body),
  };
}

export function toCategory(row: BlogCategoryRow, postCount: number): BlogCategory {
  return { slug: row.slug, name: row.name, description: row.description, post_count: postCount };
}

export function statusOf(publishedAt: Date | null, now: Date): AdminBlogPost['status'] {
  if (publishedAt === null) return 'draft';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export function toAdminPost({ post, category }: BlogPostWithCategory, now = new Date()): AdminBlogPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    body: post.body,
    category: category.slug,
    author_name: post.authorName,
    hero_image: post.heroImage,
    hero_alt: post.heroAlt,
    tags: post.tags,
    product_slugs: post.productSlugs,
    featured: post.featured > 0,
    status: statusOf(post.publishedAt, now),
    published_at: post.publishedAt?.toISOString() ?? null,
    updated_at: post.updatedAt.toISOString(),
  };
}
