import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products, tags } from './catalog';
import { orders } from './checkout';

/**
 * A child of a customer's family (docs/decisions/055): only what choosing their food needs, a
 * first name or nickname, the birth month (for the age band), allergens, dislikes and a diet.
 * Deleting a child deletes all of it, ratings included (the cascades below).
 */
export const children = pgTable(
  'children',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    birthYear: integer().notNull(),
    birthMonth: integer().notNull(),
    /** A diet tag (group 'diet', for example vegetarian) the child's dishes must carry; null for none. */
    dietTagId: integer().references(() => tags.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId),
    check('children_birth_month', sql`${t.birthMonth} between 1 and 12`),
    check('children_name_length', sql`char_length(${t.name}) between 1 and 40`),
  ],
);

/**
 * A child's allergens, as the catalogue's allergen tags: the child is allergic to what the tag's
 * dish is free of (tag 'dairy-free' → dairy). A dish without the tag contains the allergen.
 */
export const childAllergens = pgTable(
  'child_allergens',
  {
    childId: integer()
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.childId, t.tagId] })],
);

/** What a child won't eat: a dish, or an ingredient (matched in the dishes' ingredient lists). */
export const childDislikes = pgTable(
  'child_dislikes',
  {
    id: serial().primaryKey(),
    childId: integer()
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'cascade' }),
    ingredient: text(),
  },
  (t) => [
    index().on(t.childId),
    check('child_dislikes_one_kind', sql`(${t.productId} is null) <> (${t.ingredient} is null)`),
  ],
);

/** How a child took a dish of a delivered box: one rating per child, order and dish. */
export const dishRatings = pgTable(
  'dish_ratings',
  {
    childId: integer()
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: text({ enum: ['loved', 'ok', 'refused'] }).notNull(),
    ratedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.childId, t.productId] }),
    index().on(t.childId),
    index().on(t.productId),
  ],
);

/**
 * The "how did they like it?" email's link for one delivered order (docs/decisions/055, Ratings):
 * the link's random token is kept only as its SHA-256, it opens that order's rating form without a
 * sign-in until `expiresAt`, and one submit closes it (`usedAt`). One row per order: the row is
 * also what makes the email go once.
 */
export const ratingLinks = pgTable(
  'rating_links',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);
