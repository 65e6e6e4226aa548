import { z } from 'zod';
import { BLOG_PAGE_SIZE, BLOG_SEARCH_LIMIT, BLOG_SLUG_MESSAGE } from './blog-constants';
import { list, pagedList, resource } from './envelope';
import { optionalText, requiredText } from './fields';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const blogSlug = z.string().min(1).max(120).regex(slugPattern, { error: BLOG_SLUG_MESSAGE });
const pageNumber = z.coerce.number().int().min(1).max(10_000);

export const blogHero = z.object({
  /** 1200×800, 600×450 and 400×300 renditions. */
  large: z.string(),
  medium: z.string(),
  small: z.string(),
  alt: z.string(),
});

export const blogCategory = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  post_count: z.number().int(),
});
export type BlogCategory = z.infer<typeof blogCategory>;

export const blogPostSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  author: z.string(),
  tags: z.array(z.string()),
  hero: blogHero,
  featured: z.boolean(),
  published_at: z.string(),
  updated_at: z.string(),
  reading_minutes: z.number().int(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummary>;

export const blogPostLink = z.object({ slug: z.string(), title: z.string() });

export const blogPost = blogPostSummary.extend({
  /** The Markdown body rendered to sanitised HTML. */
  body_html: z.string(),
  /** Catalogue products the article offers with add-to-box controls. */
  product_slugs: z.array(z.string()),
  related: z.array(blogPostSummary),
  previous: blogPostLink.nullable(),
  next: blogPostLink.nullable(),
});
export type BlogPost = z.infer<typeof blogPost>;

export const blogPostsQuery = z
  .object({
    page: pageNumber.default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(BLOG_PAGE_SIZE),
    category: blogSlug.optional(),
    /** Leave the featured post out of the list (the blog's first page shows it on its own). */
    exclude_featured: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type BlogPostsQuery = z.infer<typeof blogPostsQuery>;

export const blogPostsResponse = pagedList(blogPostSummary);
export type BlogPostsResponse = z.infer<typeof blogPostsResponse>;
export const blogPostResponse = resource(blogPost);
export const blogCategoriesResponse = list(blogCategory);
export const blogCategoryResponse = resource(blogCategory);
export const blogFeaturedResponse = resource(blogPostSummary.nullable());
export const blogSlugParams = z.object({ slug: z.string().min(1).max(120) });

export const blogSearchQuery = z
  .object({
    q: z.string().max(1000).default(''),
    limit: z.coerce.number().int().min(1).max(BLOG_SEARCH_LIMIT).default(BLOG_SEARCH_LIMIT),
  })
  .strict();
export const blogSearchHit = blogPostSummary.extend({
  /** Plain text around the matches, each match wrapped in <mark>…</mark> (everything else escaped). */
  snippet: z.string(),
  rank: z.number(),
});
export type BlogSearchHit = z.infer<typeof blogSearchHit>;
export const blogSearchResponse = z.object({
  data: z.array(blogSearchHit),
  meta: z.object({ query: z.string(), total: z.number().int() }),
});
export type BlogSearchResponse = z.infer<typeof blogSearchResponse>;

/** Everything the sitemap and the feed need in one call. */
export const blogSitemapEntry = z.object({ path: z.string(), updated_at: z.string() });
export const blogSitemapResponse = list(blogSitemapEntry);

// ---------------------------------------------------------------------------------------------
// Admin: the API's blog writes, used by the admin site's screens (decision 027)

export const adminBlogPostInput = z
  .object({
    title: requiredText(200),
    slug: blogSlug,
    excerpt: requiredText(400),
    body: requiredText(50_000),
    category: blogSlug,
    author_name: requiredText(120),
    hero_alt: requiredText(200),
    /** A base path of rendered renditions under /media/; the category's default when left out. */
    hero_image: optionalText(300).optional(),
    tags: z.array(requiredText(40)).max(12).default([]),
    product_slugs: z.array(blogSlug).max(6).default([]),
    featured: z.boolean().default(false),
  })
  .strict();
export type AdminBlogPostInput = z.infer<typeof adminBlogPostInput>;
export const adminBlogPostPatch = adminBlogPostInput.partial().strict();
export type AdminBlogPostPatch = z.infer<typeof adminBlogPostPatch>;

/** Publish now (no date), or schedule for a future instant. */
export const adminBlogPublishInput = z
  .object({ published_at: z.iso.datetime({ offset: true }).optional() })
  .strict();
export const adminBlogPreviewInput = z.object({ body: z.string().max(50_000) }).strict();
export const adminBlogPreviewResponse = resource(
  z.object({ html: z.string(), reading_minutes: z.number().int() }),
);

export const adminBlogPostStatus = z.enum(['draft', 'scheduled', 'published']);
export const adminBlogPost = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  category: z.string(),
  author_name: z.string(),
  hero_image: z.string(),
  hero_alt: z.string(),
  tags: z.array(z.string()),
  product_slugs: z.array(z.string()),
  featured: z.boolean(),
  status: adminBlogPostStatus,
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPost>;
export const adminBlogPostResponse = resource(adminBlogPost);
export const adminBlogPostsQuery = z
  .object({
    page: pageNumber.default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(20),
    status: adminBlogPostStatus.optional(),
  })
  .strict();
export const adminBlogPostsResponse = pagedList(adminBlogPost);
export const adminBlogPostIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
