import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Outgoing mail as a job table: requests only insert a row; a worker sends it (SMTP, or the dev
 * mailbox where sending means keeping it here to read), so a slow mail server never slows a
 * request. Workers claim rows with FOR UPDATE SKIP LOCKED, and a claim outlasts the longest send,
 * so several replicas never send one twice (docs/decisions/008).
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
    /** 0: someone waits for it on screen (a sign-in code, a password reset), sent first; 1: the rest. */
    priority: smallint().notNull().default(1),
    /** The one event this mail stands for ("payment-failed:<box>:<attempt>"): queued once, whoever queues it. */
    eventKey: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** Not sent before: the retry's backoff, or the end of a worker's claim (judged by the database's now()). */
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.availableAt), index().on(t.to, t.createdAt), uniqueIndex().on(t.eventKey)],
);
