import { stableHash } from '../stable-hash';
import { menus } from './menus';
import { type DemoProduct, products } from './products';
import type { RecommendationSeed } from './types';

/**
 * "Customers also loved": for every product, 3 to 5 other active products. The list is derived
 * from the catalogue (shared tags and indicators, same category or menu, rating) rather than typed
 * by hand, and is fully deterministic: the same data always gives the same rows.
 */

const menuCategorySets = menus.map((menu) => new Set<string>(menu.categories));

function shareAMenu(a: DemoProduct, b: DemoProduct): boolean {
  return menuCategorySets.some((set) => set.has(a.category) && set.has(b.category));
}

function countShared(a: readonly string[], b: readonly string[]): number {
  return a.filter((slug) => b.includes(slug)).length;
}

/** Affinity of two products on a 0–100 scale. */
function affinity(product: DemoProduct, other: DemoProduct): number {
  const raw =
    12 * countShared(product.tags, other.tags) +
    10 * countShared(product.indicators, other.indicators) +
    (product.category === other.category ? 14 : 0) +
    (shareAMenu(product, other) ? 6 : 0) +
    Math.round((other.rating - 3.5) * 8) +
    (stableHash(`${product.slug}>${other.slug}`) % 7);
  return Math.max(1, Math.min(100, raw));
}

function recommendationsFor(product: DemoProduct): RecommendationSeed[] {
  const size = 3 + (stableHash(product.slug) % 3);
  return products
    .filter((other) => other.isActive && other.slug !== product.slug)
    .map((other) => ({ product: product.slug, recommended: other.slug, score: affinity(product, other) }))
    .sort((a, b) => b.score - a.score || a.recommended.localeCompare(b.recommended))
    .slice(0, size);
}

export const recommendations: readonly RecommendationSeed[] = products.flatMap(recommendationsFor);
