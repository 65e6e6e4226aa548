import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { partnerships, promoCodes, referralCodes } from './promotions';
import { states, zipCodes } from './shipping';

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
 * A child given during onboarding, kept on the cart until checkout makes it the account's profile
 * (docs/decisions/055): the same fields as a profile, by the catalogue's ids.
 */
export type CartChild = {
  name: string;
  birthYear: number;
  birthMonth: number;
  allergenTagIds: number[];
  dislikedProductIds: number[];
  dislikedIngredients: string[];
  dietTagId: number | null;
};

/**
 * The server-side cart of a visitor before checkout. Its id is a random UUID (122 random bits,
 * never sequential): holding the id is what lets a browser read and change the cart.
 */
export const abandonedCarts = pgTable('abandoned_carts', {
  id: uuid().primaryKey(),
  /** 'open' until checkout completes; then 'checked_out' and every change is refused (code 10002). */
  status: text({ enum: ['open', 'checked_out'] })
    .notNull()
    .default('open'),
  planId: integer().references(() => plans.id),
  priceVarianceGroupId: integer().references(() => priceVarianceGroups.id),
  filters: jsonb().$type<CartFilters>().notNull().default({ indicators: [], tags: [] }),
  /** The children given in onboarding; they become the account's profiles at checkout. */
  children: jsonb().$type<CartChild[]>().notNull().default([]),
  /** The customer account this cart belongs to, once there is one. */
  profileId: integer().references(() => users.id),
  email: text(),
  firstName: text(),
  lastName: text(),
  addressLine1: text('address_line_1'),
  addressLine2: text('address_line_2'),
  city: text(),
  stateId: integer().references(() => states.id),
  zipCodeId: integer().references(() => zipCodes.id),
  phone: text(),
  deliveryInstructions: text(),
  receivesSmsUpdates: boolean().notNull().default(true),
  /** argon2id hash of the password chosen before checkout; the account is created at checkout. */
  passwordHash: text(),
  /** Where the visitor was captured (page path, and the UI location such as 'popup'). */
  capturePage: text(),
  captureLocation: text(),
  leadCapturedAt: timestamp({ withTimezone: true }),
  promoCodeId: integer().references(() => promoCodes.id),
  partnershipId: integer().references(() => partnerships.id),
  referralCodeId: integer().references(() => referralCodes.id),
  /** applied | invalid | own_code | existing_customer | limit_reached (decision 007). */
  referralCodeStatus: text(),
  onReferralRedemptionLimit: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One line per product: the primary key makes a duplicate line impossible, whatever the concurrency. */
export const abandonedCartItems = pgTable(
  'abandoned_cart_items',
  {
    cartId: uuid()
      .notNull()
      .references(() => abandonedCarts.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    index().on(t.productId),
    check('abandoned_cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
