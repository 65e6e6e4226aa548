import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Gift cards (docs/decisions/024): bought, issued by hand or given as a purchase bonus. The code is
 * never stored: only its SHA-256 (codes carry 140 random bits, so a fast hash is enough) and its
 * last four characters for support. The balance is the sum of the card's ledger entries, kept on
 * the card as `balance_cents` and changed only by a conditional update in the same transaction as
 * its entry, so it can never go below zero whatever runs at the same time (the check is the last
 * line of defence).
 */
export const giftCardPurchases = pgTable(
  'gift_card_purchases',
  {
    id: serial().primaryKey(),
    /** One per press of Pay: a repeat answers the same purchase and the provider makes one charge. */
    idempotencyKey: text().notNull().unique(),
    /** failed: left unpaid past the stale-purchase window; its hold was released (decision 024). */
    status: text({ enum: ['pending', 'requires_action', 'paid', 'declined', 'canceled', 'failed'] })
      .notNull()
      .default('pending'),
    amountCents: integer().notNull(),
    /** The promotion's bonus card value at the time of purchase (0 without one). */
    bonusCents: integer().notNull().default(0),
    promotionId: integer(),
    buyerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    buyerEmail: text().notNull(),
    senderName: text().notNull(),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    message: text().notNull().default(''),
    /** Calendar day (America/New_York) the card email goes out. */
    deliverOn: date({ mode: 'string' }).notNull(),
    paymentProvider: text({ enum: ['test', 'stripe'] }),
    paymentIntentId: text().unique(),
    /**
     * The payment method the purchase was authorized with: if the provider's answer was lost (no
     * intent id recorded), the stale-purchase job asks again with the same key to find the hold.
     */
    paymentMethodId: text(),
    declineMessage: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Until then a request is asking the provider for this purchase: another request with its key
     * waits for the outcome instead of asking again (migration 0023). Null: nobody is.
     */
    processingUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('gift_card_purchases_amount_positive', sql`${t.amountCents} > 0`),
    // The stale-purchase job's work list: unfinished purchases by age.
    index().on(t.status, t.createdAt),
  ],
);

export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial().primaryKey(),
    codeHash: text().notNull().unique(),
    /** The code's last four characters: enough for support to tell cards apart, useless to spend. */
    codeSuffix: text().notNull(),
    source: text({ enum: ['purchase', 'bonus', 'admin'] }).notNull(),
    purchaseId: integer().references(() => giftCardPurchases.id),
    initialCents: integer().notNull(),
    balanceCents: integer().notNull(),
    /** The account it was added to (at checkout or in the account); its balance pays that account's boxes. */
    ownerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    recipientName: text(),
    recipientEmail: text(),
    senderName: text(),
    message: text(),
    deliverOn: date({ mode: 'string' }),
    /**
     * The code, kept only until the card email is queued on its delivery date, then erased: the
     * email is the one place the code is ever written out.
     */
    pendingCode: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Optional per card, none by default (decision 024). */
    expiresAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    /** Why an admin issued or voided it (the audit log records who). */
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_cards_balance_not_negative', sql`${t.balanceCents} >= 0`),
    check('gift_cards_balance_within_value', sql`${t.balanceCents} <= ${t.initialCents}`),
    index().on(t.ownerUserId),
    index().on(t.deliverOn).where(sql`${t.deliveredAt} is null`),
  ],
);

/** Every change of a card's balance: credits positive, debits negative. Never updated or deleted. */
export const giftCardEntries = pgTable(
  'gift_card_entries',
  {
    id: serial().primaryKey(),
    giftCardId: integer()
      .notNull()
      .references(() => giftCards.id),
    kind: text({ enum: ['issue', 'checkout', 'renewal', 'void', 'spend'] }).notNull(),
    amountCents: integer().notNull(),
    /** The order it paid (checkout and renewal debits). */
    orderId: integer(),
    description: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.giftCardId, t.createdAt)],
);

/** "A $20 bonus card with $100 or more", within dates. */
export const giftCardPromotions = pgTable('gift_card_promotions', {
  id: serial().primaryKey(),
  description: text().notNull(),
  minAmountCents: integer().notNull(),
  bonusCents: integer().notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  endsAt: timestamp({ withTimezone: true }).notNull(),
});
