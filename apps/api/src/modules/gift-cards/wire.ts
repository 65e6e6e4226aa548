import {
  type AccountGiftCard,
  centsToDollars,
  type GiftCardPromotion,
  type GiftCardPurchaseState,
} from '@sprout/contracts';
import type { PaymentIntent } from '../../domain/payment-provider';
import type { CardRow, EntryRow, PurchaseRow } from './repository';

export function toPromotion(row: {
  id: number;
  description: string;
  minAmountCents: number;
  bonusCents: number;
  startsAt: Date;
  endsAt: Date;
}): GiftCardPromotion {
  return {
    id: row.id,
    description: row.description,
    min_amount: centsToDollars(row.minAmountCents),
    bonus_amount: centsToDollars(row.bonusCents),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
  };
}

export function toPurchaseState(purchase: PurchaseRow, intent: PaymentIntent | null): GiftCardPurchaseState {
  return {
    status: purchase.status,
    amount: centsToDollars(purchase.amountCents),
    bonus_amount: centsToDollars(purchase.bonusCents),
    recipient_name: purchase.recipientName,
    recipient_email: purchase.recipientEmail,
    delivery_date: purchase.deliverOn,
    payment_intent:
      purchase.paymentIntentId === null
        ? null
        : {
            id: purchase.paymentIntentId,
            // Only while the bank's step is open: what the browser needs to finish it.
            client_secret: intent?.status === 'requires_action' ? intent.clientSecret : null,
            amount: centsToDollars(purchase.amountCents),
          },
    message: purchase.status === 'declined' ? purchase.declineMessage : null,
  };
}

export function toAccountCard(card: CardRow, entries: EntryRow[]): AccountGiftCard {
  return {
    id: card.id,
    code_suffix: card.codeSuffix,
    initial_amount: centsToDollars(card.initialCents),
    balance: centsToDollars(card.balanceCents),
    expires_at: card.expiresAt?.toISOString() ?? null,
    voided: card.voidedAt !== null,
    added_at: card.createdAt.toISOString(),
    entries: entries.map((entry) => ({
      kind: entry.kind,
      amount: centsToDollars(entry.amountCents),
      description: entry.description,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

export function toAdminCard(card: CardRow, entries: EntryRow[]) {
  return {
    ...toAccountCard(card, entries),
    source: card.source,
    recipient_email: card.recipientEmail,
    owner_user_id: card.ownerUserId,
    deliver_on: card.deliverOn,
    delivered_at: card.deliveredAt?.toISOString() ?? null,
    note: card.note,
  };
}
