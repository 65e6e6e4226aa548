import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Outgoing mail as a job table: requests only insert a row; a worker sends it (SMTP, or the dev
 * mailbox where sending means keeping it here to read), so a slow mail server never slows a
 * request. Workers claim rows with FOR UPDATE SKIP LOCKED, so several replicas never send one twice.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    template: text().notNull(),
    /** Extra headers (List-Unsubscribe on marketing mail). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text({ enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.availableAt), index().on(t.to, t.createdAt)],
);
