import type { ImageUris } from '../schema/catalog';

/**
 * Public URIs of the demo catalogue's pictures. The seed stores these paths and render-images.ts
 * writes the files under apps/web/public, so both sides build them here. No sharp in this module:
 * the API imports it at startup.
 */

/** The renditions the storefront asks for, by the size names it uses, in pixels. */
export const IMAGE_SIZES = {
  'cart-desktop': { width: 160, height: 160 },
  'cart-mobile': { width: 96, height: 96 },
  'landing-desktop': { width: 1200, height: 800 },
  'meal-card-desktop': { width: 600, height: 450 },
  'meal-card-mobile': { width: 400, height: 300 },
} as const satisfies Record<keyof ImageUris, { width: number; height: number }>;

export type ImageSize = keyof ImageUris;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSize[];

/** Size of the nutrition facts panel rendered for every product. */
export const NUTRITION_IMAGE_SIZE = { width: 480, height: 640 } as const;

/** Directory under the web app's public folder that holds every rendered picture. */
export const MEDIA_PUBLIC_DIR = 'apps/web/public';

/** 'main' is the hero composition; 'alt' is a second arrangement shown in the product gallery. */
export type ProductImageVariant = 'main' | 'alt';

const MEDIA_ROOT = '/media';

function uriSet(base: string): ImageUris {
  const uris = {} as ImageUris;
  for (const size of IMAGE_SIZE_NAMES) uris[size] = `${base}/${size}.webp`;
  return uris;
}

/** `/media/products/<slug>/<size>.webp`, or `/media/products/<slug>/alt/<size>.webp` for the alternate. */
export function productImageUris(slug: string, variant: ProductImageVariant = 'main'): ImageUris {
  const base = `${MEDIA_ROOT}/products/${slug}`;
  return uriSet(variant === 'main' ? base : `${base}/alt`);
}

/** The gallery: the main composition first, then the alternate. */
export function productGalleryUris(slug: string): ImageUris[] {
  return [productImageUris(slug, 'main'), productImageUris(slug, 'alt')];
}

/** `/media/products/<slug>/nutrition.webp` */
export function productNutritionUri(slug: string): string {
  return `${MEDIA_ROOT}/products/${slug}/nutrition.webp`;
}

/** `/media/menus/<slug>/<size>.webp` */
export function menuImageUris(slug: string): ImageUris {
  return uriSet(`${MEDIA_ROOT}/menus/${slug}`);
}

/** Path of a public URI's file relative to the repository root, e.g. apps/web/public/media/…/x.webp. */
export function mediaFileFromUri(uri: string): string {
  if (!uri.startsWith(`${MEDIA_ROOT}/`)) throw new Error(`not a media URI: ${uri}`);
  return `${MEDIA_PUBLIC_DIR}${uri}`;
}

/** The renditions of a blog post's hero picture: the article's hero, and the list's cards. */
export const BLOG_IMAGE_SIZE_NAMES = ['landing-desktop', 'meal-card-desktop', 'meal-card-mobile'] as const;

/** `/media/blog/<slug>`: a post's hero picture is `${base}/${size}.webp` for each blog size. */
export function blogImageBase(slug: string): string {
  return `${MEDIA_ROOT}/blog/${slug}`;
}

/** `/media/blog/default/<category>`: the picture of a post that has none of its own. */
export function blogCategoryImageBase(categorySlug: string): string {
  return `${MEDIA_ROOT}/blog/default/${categorySlug}`;
}
