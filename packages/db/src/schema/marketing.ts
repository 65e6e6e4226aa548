import {
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

/**
 * Append-only marketing events (the email-service and ad-platform integration point). The id is
 * also sent to the browser as the pixel's event id, so both sides de-duplicate.
 */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: uuid().primaryKey(),
    name: text().notNull(),
    abandonedCartId: uuid(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.abandonedCartId, t.name)],
);

/**
 * The charity a customer chose for a share of an order (the Beam nonprofit widget): one per order,
 * a new choice replaces the old, removing it deletes the row (the events keep the history).
 */
export const nonprofitSelections = pgTable('nonprofit_selections', {
  orderId: integer().primaryKey(),
  userId: integer().notNull(),
  nonprofitId: integer().notNull(),
  nonprofitName: text().notNull(),
  selectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ExperimentVariant = { code: string; weight: number };

/**
 * A/B experiments (decision 026): the variants and their weights, live between the dates. A visitor is
 * assigned by a hash of (experiment code, unit id), so the same visitor gets the same variant on
 * any replica, and the assignment is stored so that changing the weights later moves nobody.
 */
export const experiments = pgTable('experiments', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  variants: jsonb().$type<ExperimentVariant[]>().notNull(),
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who got which variant (sticky): a browser (visitor cookie) until it has a cart, the cart until the
 * visitor has an account, then the account; each hands its assignments to the next.
 */
export const experimentAssignments = pgTable(
  'experiment_assignments',
  {
    experimentId: integer()
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    unitType: text({ enum: ['visitor', 'cart', 'user'] }).notNull(),
    unitId: text().notNull(),
    variant: text().notNull(),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the visitor first saw what the variant changes (null: assigned but never shown). */
    exposedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.unitType, t.unitId] })],
);

/**
 * Abandoned-cart reminder emails: one row per (cart, 1st or 2nd reminder). The primary key is the
 * idempotency key: two job runners can never send the same reminder twice. The link tokens are
 * stored as SHA-256 hashes (the email holds the only copy of the token itself).
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    cartId: uuid().notNull(),
    sequence: integer().notNull(),
    email: text().notNull(),
    restoreTokenHash: text().notNull().unique(),
    unsubscribeTokenHash: text().notNull().unique(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    restoredAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.sequence] })],
);

/** Addresses that asked for no more marketing email (one-click unsubscribe, RFC 8058). */
export const emailUnsubscribes = pgTable('email_unsubscribes', {
  /** Lower-cased. */
  email: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
