import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial().primaryKey(),
    /** Stored as entered; matched without regard to case. */
    code: text().notNull(),
    description: text().notNull(),
    descriptionCheckout: text().notNull(),
    cartAmountMinimumCents: integer(),
    cartAmountMaximumCents: integer(),
    /** Total dollars off across all the boxes the tiers cover (banner copy: "$60 off"). */
    aggregateDollarsOffCents: integer().notNull().default(0),
    showBanner: boolean().notNull().default(true),
    showBannerCheckout: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Total redemptions allowed; null is unlimited. */
    maxUses: integer(),
    usesCount: integer().notNull().default(0),
    oncePerEmail: boolean().notNull().default(true),
    newCustomersOnly: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_lower_unique').on(sql`lower(${t.code})`),
    check('promo_codes_uses_within_limit', sql`${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}`),
  ],
);

/** A tier ("regulation") says what the code does for the box with this weekly ordinal (1 = first). */
export const promoCodeTiers = pgTable(
  'promo_code_tiers',
  {
    id: serial().primaryKey(),
    promoCodeId: integer()
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    type: text({ enum: ['products_off', 'percent_off', 'dollars_off'] }).notNull(),
    /** products_off: item count; percent_off: whole percent; dollars_off: dollars. */
    amount: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    weeklyOrdinalNumber: integer().notNull(),
    freeShipping: boolean().notNull().default(false),
    freeTax: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.promoCodeId, t.weeklyOrdinalNumber)],
);

/** One row per completed use; the unique keys stop a cart or an email using a code twice. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: serial().primaryKey(),
    promoCodeId: integer()
      .notNull()
      .references(() => promoCodes.id),
    email: text().notNull(),
    abandonedCartId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.promoCodeId, t.abandonedCartId), index().on(t.promoCodeId, t.email)],
);

/** Partner programmes that pay part of the order, up to max_order_value. */
export const partnerships = pgTable(
  'partnerships',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    description: text().notNull(),
    maxOrderValueCents: integer().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('partnerships_code_lower_unique').on(sql`lower(${t.code})`)],
);

export const referralCodes = pgTable(
  'referral_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    /** How many friends may redeem it; the referrer is "on the redemption limit" once reached. */
    redemptionLimit: integer().notNull().default(10),
    redemptionsCount: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('referral_codes_code_lower_unique').on(sql`lower(${t.code})`),
    uniqueIndex().on(t.userId),
  ],
);

/** Account credit as a ledger: the balance is the sum; it never goes below zero. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    /**
     * Pending until then: a referrer's credit becomes spendable once the friend's first box is
     * delivered, so a refunded first order never pays out. Null = available at once.
     */
    availableAt: timestamp({ withTimezone: true }),
    /** The order that earned it (referral credits), for the audit trail. */
    orderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

export const appSettingGroups = pgTable('app_setting_groups', {
  id: serial().primaryKey(),
  group: text().notNull().unique(),
  values: jsonb().$type<Record<string, unknown>>().notNull(),
});
