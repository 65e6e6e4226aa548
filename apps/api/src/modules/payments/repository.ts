import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

const { testPaymentMethods, testPaymentIntents, testPaymentRefunds, paymentEvents } = schema;

export type TestPaymentMethodRow = typeof testPaymentMethods.$inferSelect;
export type TestPaymentIntentRow = typeof testPaymentIntents.$inferSelect;
export type TestIntentStatus = TestPaymentIntentRow['status'];
/** An intent with the brand and last four digits of its card. */
export type TestIntentWithCard = TestPaymentIntentRow & { brand: string | null; last4: string | null };
export type TestRefundRow = typeof testPaymentRefunds.$inferSelect;

// --- The embedded test provider's own tables ------------------------------------------------

export async function insertTestPaymentMethod(
  db: Database,
  method: typeof testPaymentMethods.$inferInsert,
): Promise<TestPaymentMethodRow> {
  const [row] = await db.insert(testPaymentMethods).values(method).returning();
  return row!;
}

export async function findTestPaymentMethod(db: Database, id: string): Promise<TestPaymentMethodRow | null> {
  const [row] = await db.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, id));
  return row ?? null;
}

/**
 * Creates the intent unless one with its idempotency key exists (the unique index decides, so
 * concurrent calls with one key create exactly one). Answers whether this call created it.
 */
export async function insertTestIntentIfAbsent(
  db: Database,
  intent: typeof testPaymentIntents.$inferInsert,
): Promise<TestPaymentIntentRow | null> {
  const [inserted] = await db
    .insert(testPaymentIntents)
    .values(intent)
    .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
    .returning();
  return inserted ?? null;
}

const intentWithCard = (db: Database) =>
  db
    .select({
      intent: testPaymentIntents,
      brand: testPaymentMethods.brand,
      last4: testPaymentMethods.last4,
    })
    .from(testPaymentIntents)
    .leftJoin(testPaymentMethods, eq(testPaymentMethods.id, testPaymentIntents.paymentMethodId));

export async function findTestIntent(db: Database, id: string): Promise<TestIntentWithCard | null> {
  const [row] = await intentWithCard(db).where(eq(testPaymentIntents.id, id));
  return row ? { ...row.intent, brand: row.brand, last4: row.last4 } : null;
}

export async function findTestIntentByKey(
  db: Database,
  idempotencyKey: string,
): Promise<TestIntentWithCard | null> {
  const [row] = await intentWithCard(db).where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
  return row ? { ...row.intent, brand: row.brand, last4: row.last4 } : null;
}

/**
 * Moves an intent to `to` only from one of the `from` statuses, in one guarded UPDATE, so two
 * concurrent captures (or a capture racing a cancel) cannot both win. Answers the moved intent, or null when it did not move.
 * A capture records the whole authorized amount as captured.
 */
export async function transitionTestIntent(
  db: Database,
  id: string,
  from: TestIntentStatus[],
  to: { status: TestIntentStatus; declineCode?: string; capture?: boolean },
): Promise<TestPaymentIntentRow | null> {
  const moved = await db
    .update(testPaymentIntents)
    .set({
      status: to.status,
      ...(to.declineCode === undefined ? {} : { declineCode: to.declineCode }),
      ...(to.capture ? { capturedCents: sql`${testPaymentIntents.amountCents}` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(testPaymentIntents.id, id), inArray(testPaymentIntents.status, from)))
    .returning();
  return moved[0] ?? null;
}

export async function findTestRefundByKey(
  db: Database,
  idempotencyKey: string,
): Promise<TestRefundRow | null> {
  const [row] = await db
    .select()
    .from(testPaymentRefunds)
    .where(eq(testPaymentRefunds.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** Records a refund unless its idempotency key was used before; answers whether it was recorded. */
export async function insertTestRefundIfAbsent(
  db: Database,
  refund: typeof testPaymentRefunds.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(testPaymentRefunds)
    .values(refund)
    .onConflictDoNothing({ target: testPaymentRefunds.idempotencyKey })
    .returning({ id: testPaymentRefunds.id });
  return inserted.length > 0;
}

/**
 * Adds to the refunded amount only while it stays within what was captured (a guarded UPDATE:
 * concurrent refunds can never exceed the capture). Answers whether it fit.
 */
export async function addRefundedAmount(
  db: Database,
  intentId: string,
  amountCents: number,
): Promise<boolean> {
  const updated = await db
    .update(testPaymentIntents)
    .set({
      refundedCents: sql`${testPaymentIntents.refundedCents} + ${amountCents}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(testPaymentIntents.id, intentId),
        eq(testPaymentIntents.status, 'succeeded'),
        sql`${testPaymentIntents.capturedCents} - ${testPaymentIntents.refundedCents} >= ${amountCents}`,
      ),
    )
    .returning({ id: testPaymentIntents.id });
  return updated.length > 0;
}

// --- Webhooks -------------------------------------------------------------------------------

/** Remembers a provider's event; false when it was already recorded (a redelivery). */
export async function recordPaymentEvent(
  db: Database,
  event: { provider: string; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}
