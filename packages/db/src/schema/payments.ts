import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The embedded test payment provider's own records. It stands in for an external card processor,
 * so nothing else in the app reads these tables: the app only holds the ids it hands out.
 */
export const testPaymentMethods = pgTable('test_payment_methods', {
  id: text().primaryKey(),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: integer().notNull(),
  expYear: integer().notNull(),
  /**
   * What charging this card does: succeed, decline (with a reason), ask for authentication, or
   * succeed with the customer present and decline off-session (Stripe's 4000 0000 0000 0341).
   */
  behavior: text({
    enum: ['succeed', 'decline', 'insufficient_funds', 'requires_action', 'declines_off_session'],
  }).notNull(),
  /**
   * The same card number always gives the same fingerprint (a keyed hash, never the number), as a
   * processor's card fingerprint: declines are limited per card across carts and addresses.
   * Null for a method made before fingerprints were kept.
   */
  fingerprint: text(),
  /**
   * The customer the card was saved for (a processor attaches a saved card to one customer): null
   * until it is saved; another customer can never save or use it (docs/decisions/036).
   */
  customerId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    clientSecret: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    paymentMethodId: text().notNull(),
    status: text({
      enum: [
        'requires_payment_method',
        'requires_action',
        'requires_capture',
        'succeeded',
        'canceled',
        'declined',
      ],
    }).notNull(),
    /**
     * `manual` (checkout, gift cards: authorized, captured after the commit) or `automatic` (a
     * renewal's off-session charge: captured once it succeeds, after a 3-D Secure step too).
     */
    captureMethod: text({ enum: ['manual', 'automatic'] })
      .notNull()
      .default('manual'),
    declineCode: text(),
    capturedCents: integer().notNull().default(0),
    refundedCents: integer().notNull().default(0),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.idempotencyKey)],
);

export const testPaymentRefunds = pgTable(
  'test_payment_refunds',
  {
    id: text().primaryKey(),
    paymentIntentId: text().notNull(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.idempotencyKey)],
);

/**
 * Card setups (Stripe's SetupIntents): a card checked and saved for later off-session charges with
 * nothing charged now, a first box that costs $0 (docs/decisions/036). Same idempotency rule as
 * the intents: one setup per key.
 */
export const testSetupIntents = pgTable(
  'test_setup_intents',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    clientSecret: text().notNull(),
    paymentMethodId: text().notNull(),
    /** The customer the card is saved for once the setup succeeds. */
    customerId: text().notNull(),
    status: text({ enum: ['requires_action', 'succeeded', 'canceled', 'declined'] }).notNull(),
    declineCode: text(),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.idempotencyKey)],
);

/** Webhook events already handled, so a redelivered event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.provider, t.eventId)],
);
