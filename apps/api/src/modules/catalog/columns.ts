import { schema } from '@sprout/db';
import { sql } from 'drizzle-orm';

// The product columns the catalog publishes for the read joins other repositories may make
// (scripts/check-module-boundaries.mjs, READ_JOINS): a cart's lines read like a product card.
const { badges, categories, indicators, productIndicators, products, productTags, tags } = schema;

// The row types are the product card's (domain/product-wire.ts), which maps them for every answer.
export type { BadgeRow, CategoryRow, ProductRow } from '../../domain/product-wire';

/** Everything a product card needs, read in one statement whatever the page size. */
export const productColumns = {
  product: products,
  category: categories,
  badge: badges,
  indicators: sql<string[]>`array(
    select ${indicators.slug} from ${productIndicators}
    join ${indicators} on ${indicators.id} = ${productIndicators.indicatorId}
    where ${productIndicators.productId} = ${products.id}
    order by ${indicators.sortingWeight} desc, ${indicators.slug})`,
  tags: sql<string[]>`array(
    select ${tags.slug} from ${productTags}
    join ${tags} on ${tags.id} = ${productTags.tagId}
    where ${productTags.productId} = ${products.id}
    order by ${tags.sortingWeight} desc, ${tags.slug})`,
};
