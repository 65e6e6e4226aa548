import { centsToDollars, formatGiftCardCode, formatMoney } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { calendarDay, DELIVERY_TIME_ZONE } from '../../domain/delivery-dates';
import { accountPageUrl } from '../../lib/site';
import { giftCardMail } from '../../platform/mail/templates';
import { codeSuffix, generateGiftCardCode, hashGiftCardCode } from './codes';
import { formatDay, type GiftCardDeps, today } from './common';
import * as repository from './repository';

/** A card's creation with its opening credit, and its email on its delivery day. */

/** A new card with its opening credit; answers its code (the one moment it exists in the clear). */
export async function createCard(
  tx: Database,
  input: {
    source: 'purchase' | 'bonus' | 'admin';
    purchaseId: number | null;
    amountCents: number;
    recipientName: string | null;
    recipientEmail: string | null;
    senderName: string | null;
    message: string | null;
    deliverOn: string | null;
    expiresAt?: Date | null;
    note?: string | null;
    description: string;
  },
): Promise<{ card: repository.CardRow; code: string }> {
  const code = generateGiftCardCode();
  const card = await repository.insertCard(tx, {
    codeHash: hashGiftCardCode(code),
    codeSuffix: codeSuffix(code),
    source: input.source,
    purchaseId: input.purchaseId,
    initialCents: input.amountCents,
    balanceCents: input.amountCents,
    recipientName: input.recipientName,
    recipientEmail: input.recipientEmail,
    senderName: input.senderName,
    message: input.message,
    deliverOn: input.deliverOn,
    pendingCode: input.recipientEmail && input.deliverOn ? code : null,
    expiresAt: input.expiresAt ?? null,
    note: input.note ?? null,
  });
  await repository.insertEntry(tx, {
    giftCardId: card.id,
    kind: 'issue',
    amountCents: input.amountCents,
    orderId: null,
    description: input.description,
  });
  return { card, code };
}

const DELIVERY_BATCH = 100;

/**
 * Queues the email of every card whose day has come (in the kitchen's time zone), claiming rows
 * with SKIP LOCKED so replicas share the work; the code is erased in the same transaction, so a
 * card is emailed once.
 */
export async function deliverDueCards(
  deps: Pick<GiftCardDeps, 'mailer' | 'site'>,
  tx: Database,
  now: Date,
): Promise<number> {
  const due = await repository.claimDueDeliveries(tx, today(now), DELIVERY_BATCH);
  for (const card of due) {
    await deps.mailer.queue(
      tx,
      card.recipientEmail!,
      'gift-card',
      giftCardMail({
        siteName: deps.site.name,
        siteUrl: deps.site.url,
        accountGiftCardsUrl: accountPageUrl(deps.site, 'gift-cards'),
        recipientName: card.recipientName,
        senderName: card.senderName,
        message: card.message,
        amount: formatMoney(centsToDollars(card.initialCents)),
        code: formatGiftCardCode(card.pendingCode!),
        expiresOn: card.expiresAt ? formatDay(calendarDay(card.expiresAt, DELIVERY_TIME_ZONE)) : null,
      }),
    );
    await repository.markDelivered(tx, card.id, now);
  }
  return due.length;
}

/** The job's pass: every card due at `asOf` (null: now). */
export async function runDeliveries(deps: GiftCardDeps, asOf: Date | null): Promise<number> {
  const sent = await deps.db.transaction((tx) => deliverDueCards(deps, tx, asOf ?? new Date()));
  if (sent > 0) deps.mailer.flush();
  return sent;
}
