import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Every change an admin makes (who, what, before and after; decision 027), written in the
 * same transaction as the change itself, so a change without its entry cannot exist.
 */
export const adminAuditEntries = pgTable(
  'admin_audit_entries',
  {
    id: serial().primaryKey(),
    actorUserId: integer()
      .notNull()
      .references(() => users.id),
    /** What was done, as `entity.verb`: `product.update`, `order.refund`, `promo_code.create`. */
    action: text().notNull(),
    /** The kind of record changed (`product`, `order`, `promo_code`, `subscription` …). */
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt), index().on(t.entity, t.entityId)],
);
