import { type Database, schema } from '@sprout/db';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';

/** The only code touching the gift card tables (decision 020). */
const { giftCardPurchases, giftCards, giftCardEntries, giftCardPromotions } = schema;

export type PurchaseRow = typeof giftCardPurchases.$inferSelect;
export type CardRow = typeof giftCards.$inferSelect;
export type EntryRow = typeof giftCardEntries.$inferSelect;
export type EntryKind = EntryRow['kind'];

export async function listPromotions(db: Database) {
  return db.select().from(giftCardPromotions).orderBy(asc(giftCardPromotions.id));
}

/**
 * Inserts the purchase of a key once, taken by this request for `processingSeconds` (it asks the
 * provider); the same key again answers the row already there.
 */
export async function insertPurchase(
  db: Database,
  values: Omit<typeof giftCardPurchases.$inferInsert, 'processingUntil'>,
  processingSeconds: number,
): Promise<{ row: PurchaseRow; created: boolean }> {
  const [created] = await db
    .insert(giftCardPurchases)
    .values({ ...values, processingUntil: sql`now() + make_interval(secs => ${processingSeconds})` })
    .onConflictDoNothing({ target: giftCardPurchases.idempotencyKey })
    .returning();
  if (created) return { row: created, created: true };
  const [existing] = await db
    .select()
    .from(giftCardPurchases)
    .where(eq(giftCardPurchases.idempotencyKey, values.idempotencyKey));
  return { row: existing!, created: false };
}

export async function findPurchaseByKey(db: Database, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(giftCardPurchases)
    .where(eq(giftCardPurchases.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/**
 * A pending purchase nobody is asking the provider about any more (the request that was died, or a
 * row from before `processing_until`) taken by this request for `processingSeconds`: false while
 * another request still holds it, or once it is no longer pending.
 */
export async function takeOverPurchase(db: Database, id: number, processingSeconds: number) {
  const rows = await db
    .update(giftCardPurchases)
    .set({ processingUntil: sql`now() + make_interval(secs => ${processingSeconds})` })
    .where(
      and(
        eq(giftCardPurchases.id, id),
        eq(giftCardPurchases.status, 'pending'),
        or(isNull(giftCardPurchases.processingUntil), sql`${giftCardPurchases.processingUntil} < now()`),
      ),
    )
    .returning({ id: giftCardPurchases.id });
  return rows.length > 0;
}

export async function findPurchaseByIntent(db: Database, paymentIntentId: string) {
  const [row] = await db
    .select()
    .from(giftCardPurchases)
    .where(eq(giftCardPurchases.paymentIntentId, paymentIntentId));
  return row ?? null;
}

export async function findPurchase(db: Database, id: number) {
  const [row] = await db.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, id));
  return row ?? null;
}

/** Records the provider's answer; never moves a paid purchase back. */
export async function recordPaymentAnswer(
  db: Database,
  id: number,
  answer: {
    status: 'pending' | 'requires_action' | 'declined' | 'canceled';
    paymentIntentId: string;
    paymentProvider: 'test' | 'stripe';
    declineMessage?: string | null;
  },
) {
  await db
    .update(giftCardPurchases)
    .set({ ...answer, declineMessage: answer.declineMessage ?? null })
    .where(and(eq(giftCardPurchases.id, id), sql`${giftCardPurchases.status} <> 'paid'`));
}

/** pending | requires_action → paid, once: the one place that decides a purchase is issued. */
export async function markPurchasePaid(tx: Database, id: number, now: Date) {
  const [row] = await tx
    .update(giftCardPurchases)
    .set({ status: 'paid', paidAt: now })
    .where(
      and(eq(giftCardPurchases.id, id), inArray(giftCardPurchases.status, ['pending', 'requires_action'])),
    )
    .returning();
  return row ?? null;
}

/**
 * Purchases left unfinished (pending or waiting for 3-D Secure) since before `before` (the jobs'
 * clock), oldest first, claimed with SKIP LOCKED so that replicas running the job at once take
 * different ones. A purchase a request is still asking the provider about is its, and this job holds
 * what it claims the same way for `processingSeconds`: both judged by the database's real now(),
 * never by the jobs' as-of, which a run dated ahead (`npm run jobs -- --as-of=…`) would read as
 * every hold having run out (docs/decisions/024).
 */
export async function claimStalePurchases(
  db: Database,
  before: Date,
  limit: number,
  processingSeconds: number,
): Promise<PurchaseRow[]> {
  const due = db
    .select({ id: giftCardPurchases.id })
    .from(giftCardPurchases)
    .where(
      and(
        inArray(giftCardPurchases.status, ['pending', 'requires_action']),
        sql`${giftCardPurchases.createdAt} < ${before}`,
        or(isNull(giftCardPurchases.processingUntil), sql`${giftCardPurchases.processingUntil} < now()`),
      ),
    )
    .orderBy(asc(giftCardPurchases.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(giftCardPurchases)
    .set({ processingUntil: sql`now() + make_interval(secs => ${processingSeconds})` })
    .where(inArray(giftCardPurchases.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** pending | requires_action → failed (never a paid purchase), with the intent found if any. */
export async function markPurchaseFailed(db: Database, id: number, paymentIntentId: string | null) {
  const [row] = await db
    .update(giftCardPurchases)
    .set({
      status: 'failed',
      ...(paymentIntentId ? { paymentIntentId } : {}),
      declineMessage: 'The payment was never completed; its authorization was released.',
    })
    .where(
      and(eq(giftCardPurchases.id, id), inArray(giftCardPurchases.status, ['pending', 'requires_action'])),
    )
    .returning({ id: giftCardPurchases.id });
  return row !== undefined;
}

export async function insertCard(tx: Database, values: typeof giftCards.$inferInsert): Promise<CardRow> {
  const [row] = await tx.insert(giftCards).values(values).returning();
  return row!;
}

export async function insertEntry(tx: Database, values: typeof giftCardEntries.$inferInsert) {
  await tx.insert(giftCardEntries).values(values);
}

/** What a typed code's look-up answers of its card: enough to say whether it can pay, and how much. */
export type LookedUpCard = Pick<
  CardRow,
  'id' | 'codeHash' | 'codeSuffix' | 'balanceCents' | 'ownerUserId' | 'voidedAt' | 'expiresAt'
>;

/**
 * Typed codes (their hashes; '' for a code that cannot be one) looked up under the client's guessing
 * limit in one statement, `look_up_gift_card_codes` (migration 0023): null when the window has no
 * room for every code (nothing is looked up); otherwise the cards found, and one miss counted for
 * each code that matched none, under the subject's lock (limits' `limit_window_has_room` and
 * `record_limit_events`), so only misses ever count, however many look-ups run at once.
 */
export async function lookUpCodes(
  db: Database,
  hashes: string[],
  limit: { subject: string; max: number; windowMinutes: number },
): Promise<LookedUpCard[] | null> {
  const rows = await db
    .select({
      limited: sql<boolean>`o_limited`,
      id: sql<number>`o_id`,
      codeHash: sql<string>`o_code_hash`,
      codeSuffix: sql<string>`o_code_suffix`,
      balanceCents: sql<number>`o_balance_cents`,
      ownerUserId: sql<number | null>`o_owner_user_id`,
      voidedAt: sql<Date | null>`o_voided_at`.mapWith(giftCards.voidedAt),
      expiresAt: sql<Date | null>`o_expires_at`.mapWith(giftCards.expiresAt),
    })
    .from(
      sql`look_up_gift_card_codes(${sql.param(hashes)}::text[], ${limit.subject}::text, ${limit.max}::int,
        ${limit.windowMinutes}::int)`,
    );
  if (rows.some((row) => row.limited)) return null;
  return rows.map(({ limited: _, ...card }) => card);
}

export async function findCard(db: Database, id: number) {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  return row ?? null;
}

/** Row locks in id order (no deadlock between two checkouts sharing cards). */
export async function lockCards(tx: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(giftCards)
    .where(inArray(giftCards.id, ids))
    .orderBy(asc(giftCards.id))
    .for('update');
}

const usable = (now: Date) =>
  and(isNull(giftCards.voidedAt), or(isNull(giftCards.expiresAt), sql`${giftCards.expiresAt} > ${now}`));

/**
 * Takes `amountCents` off a card only while it has that much (and is neither void nor expired): one
 * conditional statement, so concurrent spends serialise on the row and none can overdraw it.
 * Answers false when the card cannot pay it, and then writes nothing.
 */
export async function debitCard(
  tx: Database,
  input: {
    cardId: number;
    amountCents: number;
    kind: EntryKind;
    orderId: number | null;
    description: string;
    now: Date;
  },
): Promise<boolean> {
  const [row] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${input.amountCents}` })
    .where(
      and(eq(giftCards.id, input.cardId), gte(giftCards.balanceCents, input.amountCents), usable(input.now)),
    )
    .returning({ id: giftCards.id });
  if (!row) return false;
  await insertEntry(tx, {
    giftCardId: input.cardId,
    kind: input.kind,
    amountCents: -input.amountCents,
    orderId: input.orderId,
    description: input.description,
  });
  return true;
}

/** A card's balance to zero and the card void, with the entry that says so; false when already void. */
export async function voidCard(tx: Database, cardId: number, note: string, now: Date) {
  const [locked] = await lockCards(tx, [cardId]);
  if (!locked || locked.voidedAt) return false;
  await tx.update(giftCards).set({ balanceCents: 0, voidedAt: now, note }).where(eq(giftCards.id, cardId));
  await insertEntry(tx, {
    giftCardId: cardId,
    kind: 'void',
    amountCents: -locked.balanceCents,
    orderId: null,
    description: `Voided: ${note}`,
  });
  return true;
}

/** Gives an unowned card (or one already theirs) to an account; null when another account has it. */
export async function attachOwner(tx: Database, cardId: number, userId: number) {
  const [row] = await tx
    .update(giftCards)
    .set({ ownerUserId: userId })
    .where(
      and(eq(giftCards.id, cardId), or(isNull(giftCards.ownerUserId), eq(giftCards.ownerUserId, userId))),
    )
    .returning();
  return row ?? null;
}

/** Cards whose email is due (their day has come), claimed so that each replica takes others. */
export async function claimDueDeliveries(tx: Database, today: string, limit: number) {
  return tx
    .select()
    .from(giftCards)
    .where(
      and(isNull(giftCards.deliveredAt), isNotNull(giftCards.pendingCode), lte(giftCards.deliverOn, today)),
    )
    .orderBy(asc(giftCards.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The email is queued: the code is erased, never to be written out again. */
export async function markDelivered(tx: Database, cardId: number, now: Date) {
  await tx
    .update(giftCards)
    .set({ deliveredAt: now, pendingCode: null })
    .where(and(eq(giftCards.id, cardId), isNull(giftCards.deliveredAt)));
}

export async function listCardsOfOwner(db: Database, userId: number) {
  return db
    .select()
    .from(giftCards)
    .where(eq(giftCards.ownerUserId, userId))
    .orderBy(asc(giftCards.createdAt), asc(giftCards.id));
}

/** The account's cards that can pay, oldest first, locked for a renewal's debits. */
export async function lockUsableCardsOfOwner(tx: Database, userId: number, now: Date) {
  return tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.ownerUserId, userId), usable(now), sql`${giftCards.balanceCents} > 0`))
    .orderBy(asc(giftCards.expiresAt), asc(giftCards.id))
    .for('update');
}

export async function listEntries(db: Database, cardIds: number[]) {
  if (cardIds.length === 0) return [];
  return db
    .select()
    .from(giftCardEntries)
    .where(inArray(giftCardEntries.giftCardId, cardIds))
    .orderBy(asc(giftCardEntries.createdAt), asc(giftCardEntries.id));
}

export async function listCards(db: Database, limit: number) {
  return db.select().from(giftCards).orderBy(desc(giftCards.id)).limit(limit);
}
