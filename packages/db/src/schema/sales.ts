import { integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const plans = pgTable('plans', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  /** Marketing tags such as 'popular' or 'best-value'; the 'popular' plan is the fallback plan. */
  tag: text(),
  /** Items per delivery: the cart item cap. */
  threshold: integer().notNull().unique(),
  /** Percent taken off each item's list price under this plan, in basis points (1500 = 15%). */
  itemDiscountBasisPoints: integer().notNull().default(0),
  shippingCostCents: integer().notNull().default(0),
  description: text().notNull(),
  sortingWeight: integer().notNull().default(0),
});

/** Price experiments: a cart in a group sees category prices moved by this many basis points. */
export const priceVarianceGroups = pgTable('price_variance_groups', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  adjustmentBasisPoints: integer().notNull(),
});

export type CartFilters = { indicators: string[]; tags: string[] };

/**
 * The server-side cart of an anonymous visitor. Created by the cart module; the catalogue reads
 * its plan, filters and price-variance group to price and filter listings.
 */
export const abandonedCarts = pgTable('abandoned_carts', {
  id: uuid().primaryKey(),
  planId: integer().references(() => plans.id),
  priceVarianceGroupId: integer().references(() => priceVarianceGroups.id),
  filters: jsonb().$type<CartFilters>().notNull().default({ indicators: [], tags: [] }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
