import type { AdminAuditEntry } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import * as repository from './repository';

export type AdminAction = {
  actorUserId: number;
  /** `entity.verb`, for example `product.update`. */
  action: string;
  entity: string;
  entityId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * Records an admin's change. Call it with the transaction that makes the change: the entry and
 * the change commit together or not at all (admin writes are audited: docs/decisions/027).
 */
export async function recordAdminAction(tx: Database, action: AdminAction) {
  return repository.insertEntry(tx, {
    actorUserId: action.actorUserId,
    action: action.action,
    entity: action.entity,
    entityId: String(action.entityId),
    before: action.before ? jsonSafe(action.before) : null,
    after: action.after ? jsonSafe(action.after) : null,
  });
}

/** Dates become ISO strings and undefined disappears, so what is stored is what is shown. */
function jsonSafe(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value));
}

export async function listAuditEntries(
  db: Database,
  filter: { entity?: string | undefined; entityId?: string | undefined },
  page: { page: number; perPage: number },
  /** The actors' emails: users belong to the accounts module, which the caller asks (decision 048). */
  emailsOf: (db: Database, userIds: number[]) => Promise<Map<number, string>>,
): Promise<{ entries: AdminAuditEntry[]; total: number }> {
  const { rows, total } = await repository.listEntries(db, filter, {
    limit: page.perPage,
    offset: (page.page - 1) * page.perPage,
  });
  // Users belong to the accounts module (decision 020): one more read for the page's actors.
  const emails = await emailsOf(db, [...new Set(rows.map((row) => row.actorUserId))]);
  return {
    total,
    entries: rows.map((row) => ({
      id: row.id,
      actor_user_id: row.actorUserId,
      actor_email: emails.get(row.actorUserId) ?? null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      before: row.before ?? null,
      after: row.after ?? null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
