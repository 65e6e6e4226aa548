import {
  type AccountGiftCards,
  centsToDollars,
  GIFT_CARD_EMPTY_MESSAGE,
  GIFT_CARD_EXPIRED_MESSAGE,
  GIFT_CARD_OTHER_ACCOUNT_MESSAGE,
  GIFT_CARD_UNKNOWN_MESSAGE,
  GIFT_CARD_VOIDED_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import type * as limits from '../../platform/limits/service';
import { allocateGiftCards, type CardBalance, totalBalance } from './allocation';
import { lookupKeyOf } from './codes';
import * as repository from './repository';
import { toAccountCard } from './wire';

/**
 * Codes typed by customers, balances and spending: checkout's and renewals' debits in the caller's
 * transaction, and the account's cards.
 */

/** Unknown codes a client may try before it has to wait: guessing a 140-bit code is hopeless anyway. */
export const GIFT_CARD_MISSES: limits.Limit = {
  kind: 'gift_card_miss',
  max: 10,
  windowMinutes: 15,
  message: 'Too many gift card codes did not match. Please check the code and try again in 15 minutes.',
};

export type UsableCard = CardBalance & { code: string; codeSuffix: string; ownerUserId: number | null };

function refusal(
  card: Pick<repository.CardRow, 'voidedAt' | 'expiresAt' | 'balanceCents'>,
  now: Date,
): string | null {
  if (card.voidedAt) return GIFT_CARD_VOIDED_MESSAGE;
  if (card.expiresAt && card.expiresAt <= now) return GIFT_CARD_EXPIRED_MESSAGE;
  if (card.balanceCents <= 0) return GIFT_CARD_EMPTY_MESSAGE;
  return null;
}

/**
 * Looks typed codes up, refusing with a 422 on `field` the first that cannot pay. Guessing is
 * limited per client: every code needs room in the client's window of misses, checked before the
 * look-up (a client at its limit learns nothing more), and only the codes that matched no card are
 * counted, by the look-up's own statement (under the client's lock): a valid code is never a guess,
 * however many look-ups of it run at once (decision 024).
 */
export async function resolveCodes(
  db: Database,
  codes: readonly string[],
  input: { clientIp?: string | undefined; now: Date; field: string },
): Promise<UsableCard[]> {
  const keys = [...new Set(codes)].map((typed) => ({ typed, key: lookupKeyOf(typed) }));
  const rows = await repository.lookUpCodes(
    db,
    // A code that cannot be one still counts as a miss: it is looked up as a hash no card has.
    keys.map(({ key }) => key?.hash ?? ''),
    {
      subject: `ip:${input.clientIp ?? 'unknown'}`,
      max: GIFT_CARD_MISSES.max,
      windowMinutes: GIFT_CARD_MISSES.windowMinutes,
    },
  );
  if (rows === null) throw new AppError('rate_limited', GIFT_CARD_MISSES.message);
  const byHash = new Map(rows.map((row) => [row.codeHash, row]));
  const found = keys.map(({ key }) => (key ? byHash.get(key.hash) : undefined));
  if (found.some((row) => !row)) throw AppError.invalidField(input.field, GIFT_CARD_UNKNOWN_MESSAGE);
  const cards: UsableCard[] = [];
  const seen = new Set<number>();
  for (const [index, row] of found.entries()) {
    if (!row) continue;
    const problem = refusal(row, input.now);
    if (problem) throw AppError.invalidField(input.field, `${problem} (…${row.codeSuffix})`);
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    cards.push({
      id: row.id,
      balanceCents: row.balanceCents,
      code: keys[index]!.typed,
      codeSuffix: row.codeSuffix,
      ownerUserId: row.ownerUserId,
    });
  }
  return cards;
}

/**
 * What the typed cards pay on a cart priced with their balances available (its costs): each card's
 * share, the amounts applied and available, and the total. Checked before paying; nothing is debited.
 */
export function codesOnCart(
  cards: UsableCard[],
  costs: { giftCardsAppliedCents: number; giftCardsAvailableCents: number; totalCents: number },
) {
  const allocation = allocateGiftCards(costs.giftCardsAppliedCents, cards);
  return {
    cards: cards.map((card, index) => ({
      code: card.code,
      code_suffix: card.codeSuffix,
      balance: centsToDollars(card.balanceCents),
      applied: centsToDollars(allocation[index]!.appliedCents),
    })),
    gift_cards_amount_applied: centsToDollars(costs.giftCardsAppliedCents),
    gift_cards_amount_available: centsToDollars(costs.giftCardsAvailableCents),
    total_cost: centsToDollars(costs.totalCents),
  };
}

export { totalBalance };

// ---------------------------------------------------------------------------------------------
// Spending (in the caller's transaction)

/**
 * Checkout's step under its transaction: the cards' rows locked (in id order) and their balances
 * now. A card that stopped being usable since the codes were checked is a 409 (the total changed).
 */
export async function lockCardsForCheckout(
  tx: Database,
  cardIds: number[],
  now: Date,
): Promise<CardBalance[]> {
  const rows = await repository.lockCards(tx, cardIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return cardIds.map((id) => {
    const row = byId.get(id);
    if (!row || refusal(row, now)) return { id, balanceCents: 0 };
    return { id, balanceCents: row.balanceCents };
  });
}

/**
 * Writes the debits of `appliedCents` over the cards (in order, each up to its balance) for an
 * order, and gives unowned cards to the customer, whose later boxes they then pay. Conditional
 * updates: a debit that would overdraw a card refuses the whole transaction (409).
 */
export async function spendForOrder(
  tx: Database,
  input: {
    cards: CardBalance[];
    appliedCents: number;
    orderId: number;
    userId: number;
    kind: 'checkout' | 'renewal';
    description: string;
    now: Date;
  },
): Promise<void> {
  const allocation = allocateGiftCards(input.appliedCents, input.cards);
  for (const { id, appliedCents } of allocation) {
    if (appliedCents === 0) continue;
    const debited = await repository.debitCard(tx, {
      cardId: id,
      amountCents: appliedCents,
      kind: input.kind,
      orderId: input.orderId,
      description: input.description,
      now: input.now,
    });
    if (!debited) {
      throw new AppError(
        'conflict',
        'A gift card balance changed while paying. Please check the total and try again.',
      );
    }
    await repository.attachOwner(tx, id, input.userId);
  }
}

/**
 * A renewal's step (the gift card balance pays before the card): locks the account's
 * usable cards and spends up to `dueCents` from them, oldest expiry first. Answers what it paid.
 */
export async function spendAccountBalance(
  tx: Database,
  input: { userId: number; dueCents: number; orderId: number; description: string; now: Date },
): Promise<number> {
  if (input.dueCents <= 0) return 0;
  const cards = (await repository.lockUsableCardsOfOwner(tx, input.userId, input.now)).map((row) => ({
    id: row.id,
    balanceCents: row.balanceCents,
  }));
  const appliedCents = Math.min(input.dueCents, totalBalance(cards));
  if (appliedCents === 0) return 0;
  await spendForOrder(tx, {
    cards,
    appliedCents,
    orderId: input.orderId,
    userId: input.userId,
    kind: 'renewal',
    description: input.description,
    now: input.now,
  });
  return appliedCents;
}

/** The account's usable cards with a balance, locked (oldest expiry first) for a renewal's debits. */
export async function lockAccountGiftCards(tx: Database, userId: number, now: Date): Promise<CardBalance[]> {
  const rows = await repository.lockUsableCardsOfOwner(tx, userId, now);
  return rows.map((row) => ({ id: row.id, balanceCents: row.balanceCents }));
}

/** The account's spendable gift card balance, in cents (what its next boxes can take). */
export async function accountBalanceCents(db: Database, userId: number, now = new Date()): Promise<number> {
  const cards = await repository.listCardsOfOwner(db, userId);
  return cards.reduce((sum, card) => sum + (refusal(card, now) ? 0 : card.balanceCents), 0);
}

/** A single spend of one card in its own transaction (the ledger's primitive, used by tests and support). */
export async function spendCard(
  db: Database,
  input: { cardId: number; amountCents: number; description: string; now?: Date },
): Promise<boolean> {
  return db.transaction((tx) =>
    repository.debitCard(tx, {
      cardId: input.cardId,
      amountCents: input.amountCents,
      kind: 'spend',
      orderId: null,
      description: input.description,
      now: input.now ?? new Date(),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The account

export async function redeemToAccount(
  db: Database,
  userId: number,
  code: string,
  clientIp: string | undefined,
): Promise<AccountGiftCards> {
  const now = new Date();
  const [card] = await resolveCodes(db, [code], { clientIp, now, field: 'code' });
  if (card!.ownerUserId !== null && card!.ownerUserId !== userId) {
    throw AppError.invalidField('code', GIFT_CARD_OTHER_ACCOUNT_MESSAGE);
  }
  const attached = await db.transaction((tx) => repository.attachOwner(tx, card!.id, userId));
  if (!attached) throw AppError.invalidField('code', GIFT_CARD_OTHER_ACCOUNT_MESSAGE);
  return accountGiftCards(db, userId);
}

export async function accountGiftCards(db: Database, userId: number): Promise<AccountGiftCards> {
  const now = new Date();
  const cards = await repository.listCardsOfOwner(db, userId);
  const entries = await repository.listEntries(
    db,
    cards.map((card) => card.id),
  );
  return {
    balance: centsToDollars(
      cards.reduce((sum, card) => sum + (refusal(card, now) ? 0 : card.balanceCents), 0),
    ),
    cards: cards.map((card) =>
      toAccountCard(
        card,
        entries.filter((entry) => entry.giftCardId === card.id),
      ),
    ),
  };
}
