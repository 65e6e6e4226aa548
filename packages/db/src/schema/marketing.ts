import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
