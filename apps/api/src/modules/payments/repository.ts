import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

const { testPaymentMethods, testPaymentIntents, testPaymentRefunds, testSetupIntents, paymentEvents } =
  schema;

export type TestPaymentMethodRow = typeof testPaymentMethods.$inferSelect;
export type TestPaymentIntentRow = typeof testPaymentIntents.$inferSelect;
export type TestIntentStatus = TestPaymentIntentRow['status'];
/** An intent with the brand and last four digits of its card. */
export type TestIntentWithCard = TestPaymentIntentRow & { brand: string | null; last4: string | null };
export type TestRefundRow = typeof testPaymentRefunds.$inferSelect;
export type TestSetupIntentRow = typeof testSetupIntents.$inferSelect;
export type TestSetupStatus = TestSetupIntentRow['status'];

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
 * Saves the card for `customerId` unless another customer has it (one guarded UPDATE, so two
 * customers saving one card at once cannot both win). Answers whether the card is now that
 * customer's: false for an unknown card or another customer's.
 */
export async function attachTestPaymentMethod(
  db: Database,
  id: string,
  customerId: string,
): Promise<boolean> {
  const attached = await db
    .update(testPaymentMethods)
    .set({ customerId })
    .where(
      and(
        eq(testPaymentMethods.id, id),
        sql`(${testPaymentMethods.customerId} is null or ${testPaymentMethods.customerId} = ${customerId})`,
      ),
    )
    .returning({ id: testPaymentMethods.id });
  return attached.length > 0;
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

/**
 * The intent of a payment that saves its card (a subscription's first), and the card saved for
 * `customerId` (unless `save` is false: a declined payment), in one statement: the card is taken only when it is nobody's or already that
 * customer's, and the intent is written only when the card was (so a card another customer saved
 * is never charged for this one). Answers the intent when this call wrote it; null when the key
 * was used before or the card is another customer's (the caller reads the key to tell which).
 */
export async function insertTestIntentSavingCard(
  db: Database,
  intent: {
    id: string;
    idempotencyKey: string;
    clientSecret: string;
    amountCents: number;
    currency: string;
    paymentMethodId: string;
    status: TestIntentStatus;
    declineCode: string | null;
    description: string;
  },
  customerId: string,
  options: { save: boolean },
): Promise<TestPaymentIntentRow | null> {
  // A declined payment saves nothing (Stripe's setup_future_usage neither): the card is only checked.
  const saved = options.save
    ? sql`update ${testPaymentMethods} set customer_id = ${customerId}
      where id = ${intent.paymentMethodId} and (customer_id is null or customer_id = ${customerId})
      returning id`
    : sql`select id from ${testPaymentMethods}
      where id = ${intent.paymentMethodId} and (customer_id is null or customer_id = ${customerId})`;
  const result = await db.execute(sql`
    with saved as (${saved})
    insert into ${testPaymentIntents} (id, idempotency_key, client_secret, amount_cents, currency,
      payment_method_id, status, decline_code, description)
    select ${intent.id}, ${intent.idempotencyKey}, ${intent.clientSecret}, ${intent.amountCents}::int,
      ${intent.currency}, saved.id, ${intent.status}, ${intent.declineCode}, ${intent.description}
    from saved
    on conflict (idempotency_key) do nothing
    returning created_at, updated_at`);
  const [row] = (result as unknown as { rows: { created_at: string | Date; updated_at: string | Date }[] })
    .rows;
  if (!row) return null;
  return {
    ...intent,
    captureMethod: 'manual',
    capturedCents: 0,
    refundedCents: 0,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
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
  to: { status: TestIntentStatus; declineCode?: string | null; capture?: boolean },
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

// --- Card setups (SetupIntents) ---------------------------------------------------------------

/** Creates the setup unless one with its idempotency key exists; answers it when this call made it. */
export async function insertTestSetupIfAbsent(
  db: Database,
  setup: typeof testSetupIntents.$inferInsert,
): Promise<TestSetupIntentRow | null> {
  const [inserted] = await db
    .insert(testSetupIntents)
    .values(setup)
    .onConflictDoNothing({ target: testSetupIntents.idempotencyKey })
    .returning();
  return inserted ?? null;
}

export async function findTestSetup(db: Database, id: string): Promise<TestSetupIntentRow | null> {
  const [row] = await db.select().from(testSetupIntents).where(eq(testSetupIntents.id, id));
  return row ?? null;
}

export async function findTestSetupByKey(
  db: Database,
  idempotencyKey: string,
): Promise<TestSetupIntentRow | null> {
  const [row] = await db
    .select()
    .from(testSetupIntents)
    .where(eq(testSetupIntents.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** Moves a setup to `to` only from one of the `from` statuses (one guarded UPDATE); null when it did not move. */
export async function transitionTestSetup(
  db: Database,
  id: string,
  from: TestSetupStatus[],
  to: { status: TestSetupStatus; declineCode?: string },
): Promise<TestSetupIntentRow | null> {
  const [moved] = await db
    .update(testSetupIntents)
    .set({
      status: to.status,
      ...(to.declineCode === undefined ? {} : { declineCode: to.declineCode }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(testSetupIntents.id, id), inArray(testSetupIntents.status, from)))
    .returning();
  return moved ?? null;
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
