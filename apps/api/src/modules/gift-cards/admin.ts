import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import { recordAdminAction } from '../../platform/audit/service';
import { createCard, deliverDueCards } from './cards';
import { type GiftCardDeps, today } from './common';
import * as repository from './repository';

/** Admin hooks: issue, void, list and read cards, each with its audit entry. */

// ---------------------------------------------------------------------------------------------
// Admin hooks (routes under /api/admin/gift-cards; the admin site and its audit log call these).
// Each takes the acting admin's id and answers the card before and after, for an audit entry.

export async function adminIssueCard(
  deps: Pick<GiftCardDeps, 'db' | 'mailer' | 'site'>,
  input: {
    amountCents: number;
    recipientName?: string | undefined;
    recipientEmail?: string | undefined;
    note: string;
    expiresAt?: Date | undefined;
    adminUserId: number;
  },
) {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const created = await createCard(tx, {
      source: 'admin',
      purchaseId: null,
      amountCents: input.amountCents,
      recipientName: input.recipientName ?? null,
      recipientEmail: input.recipientEmail ?? null,
      senderName: input.recipientEmail ? deps.site.name : null,
      message: null,
      deliverOn: input.recipientEmail ? today(now) : null,
      expiresAt: input.expiresAt ?? null,
      note: input.note,
      description: `Issued by an admin: ${input.note}`,
    });
    if (input.recipientEmail) await deliverDueCards(deps, tx, now);
    const issued = (await repository.findCard(tx, created.card.id))!;
    await recordAdminAction(tx, {
      actorUserId: input.adminUserId,
      action: 'gift_card.issue',
      entity: 'gift_card',
      entityId: issued.id,
      before: null,
      after: auditedCard(issued),
    });
    return created;
  });
  deps.mailer.flush();
  const card = (await repository.findCard(deps.db, outcome.card.id))!;
  return { card, entries: await repository.listEntries(deps.db, [card.id]), code: outcome.code };
}

export async function adminVoidCard(
  db: Database,
  input: { giftCardId: number; note: string; adminUserId: number },
) {
  const { before, after } = await db.transaction(async (tx) => {
    const before = await repository.findCard(tx, input.giftCardId);
    if (!before) throw AppError.notFound('Gift card not found.');
    const voided = await repository.voidCard(tx, input.giftCardId, input.note, new Date());
    if (!voided) throw new AppError('conflict', 'This gift card is already void.');
    const after = (await repository.findCard(tx, input.giftCardId))!;
    await recordAdminAction(tx, {
      actorUserId: input.adminUserId,
      action: 'gift_card.void',
      entity: 'gift_card',
      entityId: after.id,
      before: auditedCard(before),
      after: auditedCard(after),
    });
    return { before, after };
  });
  return { before, after, entries: await repository.listEntries(db, [after.id]) };
}

/** What the audit log keeps of a card: never its code or the code's hash (they spend money). */
function auditedCard(card: NonNullable<Awaited<ReturnType<typeof repository.findCard>>>) {
  return {
    code_suffix: card.codeSuffix,
    source: card.source,
    initial_cents: card.initialCents,
    balance_cents: card.balanceCents,
    recipient_email: card.recipientEmail,
    owner_user_id: card.ownerUserId,
    expires_at: card.expiresAt,
    voided_at: card.voidedAt,
    note: card.note,
  };
}

export async function adminListCards(db: Database, limit = 200) {
  const cards = await repository.listCards(db, limit);
  const entries = await repository.listEntries(
    db,
    cards.map((card) => card.id),
  );
  return cards.map((card) => ({ card, entries: entries.filter((entry) => entry.giftCardId === card.id) }));
}

export async function adminGetCard(db: Database, giftCardId: number) {
  const card = await repository.findCard(db, giftCardId);
  if (!card) throw AppError.notFound('Gift card not found.');
  return { card, entries: await repository.listEntries(db, [card.id]) };
}
