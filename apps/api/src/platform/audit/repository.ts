import { type Database, schema } from '@sprout/db';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';

const { adminAuditEntries } = schema;

export type AuditEntryRow = typeof adminAuditEntries.$inferSelect;
export type NewAuditEntry = typeof adminAuditEntries.$inferInsert;

export async function insertEntry(tx: Database, entry: NewAuditEntry): Promise<AuditEntryRow> {
  const [row] = await tx.insert(adminAuditEntries).values(entry).returning();
  return row!;
}

/** A page of entries, newest first, optionally of one entity (and one record of it). */
export async function listEntries(
  db: Database,
  filter: { entity?: string | undefined; entityId?: string | undefined },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.entity) conditions.push(eq(adminAuditEntries.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(adminAuditEntries.entityId, filter.entityId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditEntries)
      .where(where)
      .orderBy(desc(adminAuditEntries.createdAt), desc(adminAuditEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(adminAuditEntries).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
