import type { Database } from '@sprout/db';
import { preparedQuery, schema } from '@sprout/db';
import { and, eq, gt, sql } from 'drizzle-orm';

const { authEvents } = schema;

export type LimitedEvent = (typeof authEvents.$inferInsert)['kind'];

const recent = (kind: LimitedEvent, subject: string, windowMinutes: number) =>
  and(
    eq(authEvents.kind, kind),
    eq(authEvents.subject, subject),
    gt(authEvents.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
  );

export async function countRecent(
  db: Database,
  kind: LimitedEvent,
  subject: string,
  windowMinutes: number,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(authEvents)
    .where(recent(kind, subject, windowMinutes));
  return row?.count ?? 0;
}

/**
 * Counts and takes one slot in one statement: `take_limit_slot` (migration 0020) takes an advisory
 * lock per (kind, subject), then counts and inserts with fresh snapshots, so parallel requests can
 * never all see "4 of 5" and all go ahead. Answers the slot's id, or null when the window is full.
 */
export async function takeSlot(
  db: Database,
  kind: LimitedEvent,
  subject: string,
  max: number,
  windowMinutes: number,
): Promise<number | null> {
  const result = await db.execute(
    sql`select take_limit_slot(${kind}, ${subject}, ${max}::int, ${windowMinutes}::int) as id`,
  );
  const id = (result as unknown as { rows: { id: number | null }[] }).rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

/**
 * A slot of a limit that counts outcomes, for an attempt in flight, in one statement:
 * `take_in_flight_limit_slot` (migration 0023) counts, under the subject's advisory lock, the
 * window's events (`full` at the limit) and its attempts in flight (`busy` when both fill it).
 */
export async function takeInFlightSlot(
  db: Database,
  kind: LimitedEvent,
  subject: string,
  max: number,
  windowMinutes: number,
  inFlightMinutes: number,
): Promise<{ outcome: 'taken'; id: number } | { outcome: 'full' | 'busy' }> {
  const result = await db.execute(
    sql`select o_outcome as outcome, o_slot as id from take_in_flight_limit_slot(${kind}, ${subject},
      ${max}::int, ${windowMinutes}::int, ${inFlightMinutes}::int)`,
  );
  const row = (result as unknown as { rows: { outcome: 'taken' | 'full' | 'busy'; id: number | null }[] })
    .rows[0]!;
  return row.outcome === 'taken' ? { outcome: 'taken', id: Number(row.id) } : { outcome: row.outcome };
}

/** An in-flight slot's outcome counts: it becomes an event of its kind, from now (`keep_limit_slot`). */
export async function keepSlot(db: Database, id: number): Promise<void> {
  await db.execute(sql`select keep_limit_slot(${id}::int)`);
}

export async function deleteSlot(db: Database, id: number): Promise<void> {
  await deleteSlotQuery(db, { id });
}

// Every checkout gives its card's slot back: built once and prepared (decision 022).
const deleteSlotQuery = preparedQuery('limits_delete_slot', (db) =>
  db.delete(authEvents).where(eq(authEvents.id, sql.placeholder('id'))),
);

export async function insertEvent(db: Database, kind: LimitedEvent, subject: string): Promise<void> {
  await db.insert(authEvents).values({ kind, subject });
}

const { rateLimitCounters } = schema;

/** One fixed-window hit, counted in one statement: the row lock of the upsert makes it atomic. */
export async function countHit(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(sql`
    insert into ${rateLimitCounters} (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when ${rateLimitCounters.resetsAt} <= now() then 1 else ${rateLimitCounters.hits} + 1 end,
      resets_at = case when ${rateLimitCounters.resetsAt} <= now() then excluded.resets_at
                       else ${rateLimitCounters.resetsAt} end
    returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`);
  const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/** Counters whose window is over (the cleanup job). */
export async function deleteExpiredCounters(db: Database, asOf: Date | null): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(sql`${rateLimitCounters.resetsAt} < coalesce(${asOf?.toISOString() ?? null}::timestamptz, now())`)
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}
