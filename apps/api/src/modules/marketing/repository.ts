import type { Database } from '@sprout/db';
import { preparedQuery, schema } from '@sprout/db';
import { and, eq, isNull, or, sql } from 'drizzle-orm';

const {
  marketingEvents,
  experiments,
  experimentAssignments,
  cartReminders,
  emailUnsubscribes,
  abandonedCarts,
  abandonedCartItems,
  orders,
  nonprofitSelections,
} = schema;

export type ExperimentRow = typeof experiments.$inferSelect;

/** Whether the cart exists (a read join on the carts module's table, decision 020). */
export async function cartExists(db: Database, cartId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: abandonedCarts.id })
    .from(abandonedCarts)
    .where(eq(abandonedCarts.id, cartId));
  return row !== undefined;
}

/** Who placed the order, or undefined when there is none (a read join on the checkout module's table). */
export async function findOrderOwner(db: Database, orderId: number): Promise<number | null | undefined> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId;
}
export type UnitType = 'visitor' | 'cart' | 'user';

/** Appends an event to the events table, where the email service provider reads it (decision 026). */
export async function insertMarketingEvent(
  db: Database,
  event: { id: string; name: string; cartId: string | null; payload: Record<string, unknown> },
): Promise<void> {
  await insertMarketingEventQuery(db, event);
}

const insertMarketingEventQuery = preparedQuery('marketing_insert_event', (db) =>
  db.insert(marketingEvents).values({
    id: sql.placeholder('id'),
    name: sql.placeholder('name'),
    abandonedCartId: sql.placeholder('cartId'),
    payload: sql.placeholder('payload'),
  }),
);

export async function listMarketingEvents(db: Database, cartId: string, name: string) {
  return db
    .select()
    .from(marketingEvents)
    .where(and(eq(marketingEvents.abandonedCartId, cartId), eq(marketingEvents.name, name)));
}

/** One charity per order: a new choice replaces the previous one. */
export async function upsertNonprofitSelection(
  db: Database,
  selection: { orderId: number; userId: number; nonprofitId: number; nonprofitName: string },
): Promise<void> {
  await db
    .insert(nonprofitSelections)
    .values(selection)
    .onConflictDoUpdate({
      target: nonprofitSelections.orderId,
      set: {
        nonprofitId: selection.nonprofitId,
        nonprofitName: selection.nonprofitName,
        selectedAt: sql`now()`,
      },
    });
}

export async function deleteNonprofitSelection(db: Database, orderId: number) {
  const rows = await db
    .delete(nonprofitSelections)
    .where(eq(nonprofitSelections.orderId, orderId))
    .returning();
  return rows[0];
}

export async function findNonprofitSelection(db: Database, orderId: number) {
  const [row] = await db.select().from(nonprofitSelections).where(eq(nonprofitSelections.orderId, orderId));
  return row;
}

// ─── Experiments ─────────────────────────────────────────────────────────────────────────────

export function listExperiments(db: Database): Promise<ExperimentRow[]> {
  return listExperimentsQuery(db, {});
}

/** Read on every page view (the root loader's experiments): its SQL built once (decision 022). */
const listExperimentsQuery = preparedQuery('marketing_experiments_list', (db) =>
  db.select().from(experiments).orderBy(experiments.id),
);

export async function findExperimentById(db: Database, id: number): Promise<ExperimentRow | undefined> {
  const [row] = await db.select().from(experiments).where(eq(experiments.id, id)).limit(1);
  return row;
}

/** Inserts an experiment; undefined when its code is taken (the unique code decides, not a read). */
export async function insertExperiment(
  db: Database,
  values: Pick<ExperimentRow, 'code' | 'name' | 'variants' | 'startsAt' | 'endsAt'>,
): Promise<ExperimentRow | undefined> {
  const [row] = await db.insert(experiments).values(values).onConflictDoNothing().returning();
  return row;
}

/** The row as it was, locked for the change, so the audit's "before" is the truth. */
export async function lockExperiment(db: Database, id: number): Promise<ExperimentRow | undefined> {
  const [row] = await db.select().from(experiments).where(eq(experiments.id, id)).for('update');
  return row;
}

export async function updateExperiment(
  db: Database,
  id: number,
  values: Partial<Pick<ExperimentRow, 'name' | 'variants' | 'startsAt' | 'endsAt'>>,
): Promise<ExperimentRow> {
  const [row] = await db.update(experiments).set(values).where(eq(experiments.id, id)).returning();
  return row!;
}

/**
 * Per experiment and variant: units assigned, units that saw the variant, and units that placed an
 * order (a customer's assignment with at least one order; a cart's or browser's has not bought yet,
 * since checking out hands the assignment to the new customer). One grouped statement.
 */
export async function experimentVariantCounts(db: Database) {
  return db
    .select({
      experimentId: experimentAssignments.experimentId,
      variant: experimentAssignments.variant,
      assigned: sql<number>`count(*)::int`,
      exposed: sql<number>`count(${experimentAssignments.exposedAt})::int`,
      converted: sql<number>`count(*) filter (where ${experimentAssignments.unitType} = 'user' and exists (
        select 1 from ${orders} where ${orders.userId}::text = ${experimentAssignments.unitId}
      ))::int`,
    })
    .from(experimentAssignments)
    .groupBy(experimentAssignments.experimentId, experimentAssignments.variant);
}

export async function listAssignments(db: Database, unitType: UnitType, unitId: string) {
  return db
    .select({ experimentId: experimentAssignments.experimentId, variant: experimentAssignments.variant })
    .from(experimentAssignments)
    .where(and(eq(experimentAssignments.unitType, unitType), eq(experimentAssignments.unitId, unitId)));
}

/** The assignments of several units (a browser, its cart, its customer) in one statement. */
export async function listAssignmentsOfUnits(db: Database, units: { type: UnitType; id: string }[]) {
  if (units.length === 0) return [];
  return db
    .select({
      unitType: experimentAssignments.unitType,
      unitId: experimentAssignments.unitId,
      experimentId: experimentAssignments.experimentId,
      variant: experimentAssignments.variant,
    })
    .from(experimentAssignments)
    .where(
      or(
        ...units.map((unit) =>
          and(eq(experimentAssignments.unitType, unit.type), eq(experimentAssignments.unitId, unit.id)),
        ),
      ),
    );
}

/** Stores assignments; a concurrent first visit that stored one already wins (ON CONFLICT). */
export async function insertAssignments(
  db: Database,
  rows: { experimentId: number; unitType: UnitType; unitId: string; variant: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(experimentAssignments).values(rows).onConflictDoNothing();
}

/**
 * One unit's assignments become the next one's (a browser's become its cart's, a cart's its
 * customer's, so signing up keeps the variant): copied where the next has none for that
 * experiment, then the old rows go.
 */
export async function moveAssignments(
  db: Database,
  from: { type: UnitType; id: string },
  to: { type: UnitType; id: string },
): Promise<void> {
  await db.execute(sql`
    insert into ${experimentAssignments} (experiment_id, unit_type, unit_id, variant, assigned_at, exposed_at)
    select experiment_id, ${to.type}, ${to.id}, variant, assigned_at, exposed_at
    from ${experimentAssignments} where unit_type = ${from.type} and unit_id = ${from.id}
    on conflict do nothing`);
  await db
    .delete(experimentAssignments)
    .where(and(eq(experimentAssignments.unitType, from.type), eq(experimentAssignments.unitId, from.id)));
}

/** First exposure only: later ones keep the first instant. Answers whether a row was assigned. */
export async function markExposed(
  db: Database,
  experimentId: number,
  unitType: UnitType,
  unitId: string,
): Promise<boolean> {
  const rows = await db
    .update(experimentAssignments)
    .set({ exposedAt: sql`coalesce(${experimentAssignments.exposedAt}, now())` })
    .where(
      and(
        eq(experimentAssignments.experimentId, experimentId),
        eq(experimentAssignments.unitType, unitType),
        eq(experimentAssignments.unitId, unitId),
      ),
    )
    .returning({ variant: experimentAssignments.variant });
  return rows.length > 0;
}

export async function findAssignment(db: Database, experimentId: number, unitType: UnitType, unitId: string) {
  const [row] = await db
    .select()
    .from(experimentAssignments)
    .where(
      and(
        eq(experimentAssignments.experimentId, experimentId),
        eq(experimentAssignments.unitType, unitType),
        eq(experimentAssignments.unitId, unitId),
      ),
    );
  return row;
}

// ─── Abandoned-cart reminders ────────────────────────────────────────────────────────────────

const asOfSql = (asOf: Date | null) => sql`coalesce(${asOf?.toISOString() ?? null}::timestamptz, now())`;

/**
 * One captured cart due for reminder `sequence` (1 after `idleHours` of quiet, 2 after more, and
 * only once the first went out over an hour ago), claimed FOR UPDATE SKIP LOCKED so that several
 * runners take different carts. Open, anonymous (no account yet), with an email that did not
 * unsubscribe, and not empty.
 */
export async function claimCartDueForReminder(
  db: Database,
  asOf: Date | null,
  sequence: number,
  idleHours: number,
): Promise<{ id: string; email: string } | undefined> {
  const now = asOfSql(asOf);
  const earlier =
    sequence === 1
      ? sql`true`
      : sql`exists (select 1 from ${cartReminders} r
          where r.cart_id = ${abandonedCarts.id} and r.sequence = ${sequence - 1}
          and r.sent_at <= ${now} - interval '1 hour')`;
  const [row] = await db
    .select({ id: abandonedCarts.id, email: abandonedCarts.email })
    .from(abandonedCarts)
    .where(
      and(
        eq(abandonedCarts.status, 'open'),
        isNull(abandonedCarts.profileId),
        sql`${abandonedCarts.email} is not null`,
        sql`${abandonedCarts.updatedAt} <= ${now} - make_interval(hours => ${idleHours})`,
        sql`exists (select 1 from ${abandonedCartItems} i where i.cart_id = ${abandonedCarts.id})`,
        sql`not exists (select 1 from ${cartReminders} r
          where r.cart_id = ${abandonedCarts.id} and r.sequence >= ${sequence})`,
        sql`not exists (select 1 from ${emailUnsubscribes} u where u.email = lower(${abandonedCarts.email}))`,
        earlier,
      ),
    )
    .orderBy(abandonedCarts.updatedAt)
    .limit(1)
    .for('update', { of: abandonedCarts, skipLocked: true });
  return row?.email ? { id: row.id, email: row.email } : undefined;
}

/** The idempotency key is (cart, sequence): false when that reminder exists already. */
export async function insertReminder(
  db: Database,
  reminder: {
    cartId: string;
    sequence: number;
    email: string;
    restoreTokenHash: string;
    unsubscribeTokenHash: string;
    sentAt: Date | null;
  },
): Promise<boolean> {
  const rows = await db
    .insert(cartReminders)
    .values({ ...reminder, sentAt: reminder.sentAt ?? sql`now()` })
    .onConflictDoNothing({ target: [cartReminders.cartId, cartReminders.sequence] })
    .returning({ cartId: cartReminders.cartId });
  return rows.length > 0;
}

export async function findReminderByRestoreHash(db: Database, hash: string) {
  const [row] = await db
    .select({ cartId: cartReminders.cartId, status: abandonedCarts.status })
    .from(cartReminders)
    .leftJoin(abandonedCarts, eq(abandonedCarts.id, cartReminders.cartId))
    .where(eq(cartReminders.restoreTokenHash, hash));
  return row;
}

export async function markRestored(db: Database, hash: string): Promise<void> {
  await db
    .update(cartReminders)
    .set({ restoredAt: sql`coalesce(${cartReminders.restoredAt}, now())` })
    .where(eq(cartReminders.restoreTokenHash, hash));
}

export async function findReminderByUnsubscribeHash(db: Database, hash: string) {
  const [row] = await db
    .select({ email: cartReminders.email })
    .from(cartReminders)
    .where(eq(cartReminders.unsubscribeTokenHash, hash));
  return row;
}

export async function insertUnsubscribe(db: Database, email: string): Promise<void> {
  await db.insert(emailUnsubscribes).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

export async function isUnsubscribed(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(eq(emailUnsubscribes.email, email.toLowerCase()));
  return row !== undefined;
}
