import { randomBytes } from 'node:crypto';
import {
  type AccountGiftCards,
  CARD_IN_USE_MESSAGE,
  centsToDollars,
  formatCalendarDay,
  formatGiftCardCode,
  formatMoney,
  GIFT_CARD_DELIVERY_DATE_MESSAGE,
  GIFT_CARD_EMPTY_MESSAGE,
  GIFT_CARD_EXPIRED_MESSAGE,
  GIFT_CARD_OTHER_ACCOUNT_MESSAGE,
  GIFT_CARD_PURCHASE_IN_PROGRESS_MESSAGE,
  GIFT_CARD_SUGGESTED_DOLLARS,
  GIFT_CARD_UNKNOWN_MESSAGE,
  GIFT_CARD_VOIDED_MESSAGE,
  type GiftCardPromotion,
  type GiftCardPurchaseBody,
  type GiftCardPurchaseState,
  REQUIRED_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import { calendarDay, DELIVERY_TIME_ZONE } from '../../domain/delivery-dates';
import type { AuthorizeInput, PaymentIntent, PaymentProvider } from '../../domain/payment-provider';
import { AppError } from '../../errors/app-error';
import { untilNotBusy, wakeAll } from '../../lib/wake-ups';
import { recordAdminAction } from '../../platform/audit/service';
import * as limits from '../../platform/limits/service';
import { giftCardMail, giftCardReceiptMail } from '../../platform/mail/templates';
import type { Mailer } from '../../plugins/mail';
import { priceCart } from '../carts/service';
import {
  allocateGiftCards,
  bonusFor,
  type CardBalance,
  isDeliveryDateAllowed,
  totalBalance,
} from './allocation';
import { codeSuffix, generateGiftCardCode, hashGiftCardCode, lookupKeyOf } from './codes';
import * as repository from './repository';
import { toAccountCard, toPromotion, toPurchaseState } from './wire';

/**
 * Gift cards (docs/decisions/024): buy → pay → issue → email on the day; a ledger per card whose
 * balance never goes below zero; spent at checkout, by renewals and from the account.
 */

export type GiftCardDeps = {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  site: { name: string; url: string };
  now?: () => Date;
  /** How long a purchase waits for others in flight, of its card or its key (limits.IN_FLIGHT_WAIT_MS). */
  inFlightWaitMs?: number;
};

const today = (now: Date) => calendarDay(now, DELIVERY_TIME_ZONE);

const PAYMENT_CANCELED_MESSAGE = 'This payment was canceled. Please press pay again.';

/** Unknown codes a client may try before it has to wait: guessing a 140-bit code is hopeless anyway. */
export const GIFT_CARD_MISSES: limits.Limit = {
  kind: 'gift_card_miss',
  max: 10,
  windowMinutes: 15,
  message: 'Too many gift card codes did not match. Please check the code and try again in 15 minutes.',
};

const DECLINES_FROM_ADDRESS: limits.Limit = {
  kind: 'payment_declined',
  max: 20,
  windowMinutes: 60,
  message:
    'Too many cards were declined from your connection in the last hour. Please try again later or contact us for help.',
};

export function suggestions() {
  return GIFT_CARD_SUGGESTED_DOLLARS.map((amount) => ({
    amount,
    label: formatMoney(amount),
    is_popular: amount === 50,
  }));
}

/** Promotions live now or later (shown before paying; the server applies the one live at payment). */
export async function currentPromotions(db: Database, now: Date): Promise<GiftCardPromotion[]> {
  const rows = await repository.listPromotions(db);
  return rows.filter((row) => row.endsAt > now).map(toPromotion);
}

// ---------------------------------------------------------------------------------------------
// Purchase

/**
 * Creates the purchase and its payment (amount computed here, never taken from the client), and
 * issues the card when the payment succeeds. A decline is a 422 on payment_method_id and issues
 * nothing; 3-D Secure answers requires_action, and GET purchase-intent finishes it.
 */
export async function purchaseGiftCard(
  deps: GiftCardDeps,
  body: GiftCardPurchaseBody,
  buyer: { userId: number; email: string } | null,
  clientIp: string | undefined,
): Promise<GiftCardPurchaseState> {
  const now = deps.now?.() ?? new Date();
  if (!isDeliveryDateAllowed(body.delivery_date, today(now))) {
    throw AppError.invalidField('delivery_date', GIFT_CARD_DELIVERY_DATE_MESSAGE);
  }
  const buyerEmail = body.sender_email ?? buyer?.email;
  if (!buyerEmail) throw AppError.invalidField('sender_email', REQUIRED_MESSAGE);
  if (clientIp && (await limits.isExhausted(deps.db, DECLINES_FROM_ADDRESS, `ip:${clientIp}`))) {
    throw new AppError('rate_limited', DECLINES_FROM_ADDRESS.message);
  }

  const amountCents = body.amount * 100;
  // The same key again (a double submit, a retry after a lost answer) is that purchase: its outcome,
  // never a second purchase, nor a second question to the provider while the first is being asked.
  if (body.idempotency_key) {
    const existing = await repository.findPurchaseByKey(deps.db, body.idempotency_key);
    if (existing) return answerForKey(deps, existing, body, clientIp);
  }
  const promotion = bonusFor(
    amountCents,
    (await repository.listPromotions(deps.db)).map((row) => ({ ...row })),
    now,
  );
  const key = body.idempotency_key ?? randomBytes(16).toString('hex');
  // The purchase row is written only once the card's decline limit let the attempt through: a
  // refused card leaves no purchase behind.
  type Asked =
    | { existing: repository.PurchaseRow; intent?: undefined }
    | { existing?: undefined; purchaseId: number; intent: PaymentIntent };
  const asked = await askHoldingCardSlot<Asked>(deps, body.payment_method_id, async () => {
    const { row, created } = await repository.insertPurchase(
      deps.db,
      {
        idempotencyKey: key,
        amountCents,
        bonusCents: promotion?.bonusCents ?? 0,
        promotionId: promotion?.id ?? null,
        buyerUserId: buyer?.userId ?? null,
        buyerEmail,
        senderName: body.sender_name,
        recipientName: body.recipient_name,
        recipientEmail: body.recipient_email,
        message: body.message ?? '',
        deliverOn: body.delivery_date,
        paymentMethodId: body.payment_method_id,
      },
      PURCHASE_PROCESSING_SECONDS,
    );
    // A parallel request with this key wrote it first: this one answers what that one gets.
    if (!created) return { existing: row };
    const intent = await deps.payments.authorize(
      authorizeRequest(deps, { idempotencyKey: key, amountCents, paymentMethodId: body.payment_method_id }),
    );
    return { purchaseId: row.id, intent };
  });
  if (asked.existing) return answerForKey(deps, asked.existing, body, clientIp);
  try {
    return await settle(deps, asked.purchaseId, asked.intent, clientIp);
  } finally {
    wakeAll(purchaseWaiters(asked.purchaseId));
  }
}

/**
 * How long a request asking the provider for a purchase keeps it: longer than an authorization and
 * a capture take (Stripe's client: 20 s, retried twice, each), so another request with the key
 * takes it over only when this one died (its answer lost).
 */
export const PURCHASE_PROCESSING_SECONDS = 150;

/** The wake-up key of requests waiting for a purchase's outcome. */
const purchaseWaiters = (purchaseId: number) => `gift-card-purchase:${purchaseId}`;

const CARD_DECLINED_FALLBACK = 'Your card was declined.';

/**
 * Runs `ask` (which asks the provider) holding a slot of the card's decline limit (card testing,
 * like checkout: one card declined again and again, across purchases and addresses, is refused
 * before the provider is asked). Only declines refuse (429); while other attempts with the card in
 * flight fill the limit, this one waits for them (409 "try again" if they take too long). The slot
 * is kept when the provider declined the card, given back otherwise.
 */
async function askHoldingCardSlot<T extends { intent?: PaymentIntent | undefined }>(
  deps: GiftCardDeps,
  paymentMethodId: string,
  ask: () => Promise<T>,
): Promise<T> {
  const fingerprint = await deps.payments.cardFingerprint(paymentMethodId);
  const slot = fingerprint
    ? await limits.reserveInFlight(deps.db, limits.DECLINES_OF_CARD, limits.cardSubject(fingerprint), {
        busyMessage: CARD_IN_USE_MESSAGE,
        waitMs: deps.inFlightWaitMs,
      })
    : null;
  let answer: T | undefined;
  try {
    answer = await ask();
    return answer;
  } finally {
    if (slot) {
      const settleSlot = answer?.intent?.status === 'declined' ? limits.keep : limits.giveBack;
      await settleSlot(deps.db, slot).catch((error: unknown) => {
        deps.log.error({ err: error }, 'could not settle a card-decline slot');
      });
    }
  }
}

/**
 * A purchase asked for again with its key: its outcome when it has one (paid, declined, canceled,
 * waiting for the bank's step), the same for every request. While another request is asking the
 * provider for it, waits for that outcome (woken by that request in this process), for
 * `inFlightWaitMs` at most, then 409 "already being processed". A pending purchase nobody is asking
 * about any more (its request died) is taken over and asked again with the same key, which the
 * provider answers with the same payment.
 */
async function answerForKey(
  deps: GiftCardDeps,
  purchase: repository.PurchaseRow,
  body: GiftCardPurchaseBody,
  clientIp: string | undefined,
): Promise<GiftCardPurchaseState> {
  if (purchase.amountCents !== body.amount * 100 || purchase.recipientEmail !== body.recipient_email) {
    throw new AppError('conflict', 'This idempotency key belongs to another gift card purchase.');
  }
  let known: repository.PurchaseRow | null = purchase;
  return untilNotBusy<GiftCardPurchaseState>(
    async () => {
      const current = known ?? (await repository.findPurchase(deps.db, purchase.id))!;
      known = null;
      switch (current.status) {
        case 'paid':
          return toPurchaseState(current, null);
        case 'declined':
          throw AppError.invalidField('payment_method_id', current.declineMessage ?? CARD_DECLINED_FALLBACK);
        case 'canceled':
        case 'failed':
          throw new AppError('conflict', PAYMENT_CANCELED_MESSAGE);
        case 'requires_action':
          return purchaseState(deps, current.paymentIntentId!);
        case 'pending': {
          // Held by a request still within its time: wait (the guarded update decides otherwise).
          const held = current.processingUntil !== null && current.processingUntil > new Date();
          if (
            !held &&
            (await repository.takeOverPurchase(deps.db, current.id, PURCHASE_PROCESSING_SECONDS))
          ) {
            return resumePurchase(deps, current, body.payment_method_id, clientIp);
          }
          return { busyOn: purchaseWaiters(current.id) };
        }
      }
    },
    {
      waitMs: deps.inFlightWaitMs ?? limits.IN_FLIGHT_WAIT_MS,
      onTimeout: () => new AppError('conflict', GIFT_CARD_PURCHASE_IN_PROGRESS_MESSAGE),
    },
  );
}

/** A pending purchase taken over: asked again with its own request and key, then settled. */
async function resumePurchase(
  deps: GiftCardDeps,
  purchase: repository.PurchaseRow,
  paymentMethodId: string,
  clientIp: string | undefined,
): Promise<GiftCardPurchaseState> {
  try {
    const method = purchase.paymentMethodId ?? paymentMethodId;
    const { intent } = await askHoldingCardSlot(deps, method, async () => ({
      intent: await deps.payments.authorize(authorizeRequest(deps, { ...purchase, paymentMethodId: method })),
    }));
    return await settle(deps, purchase.id, intent, clientIp);
  } finally {
    wakeAll(purchaseWaiters(purchase.id));
  }
}

/** The provider request of a purchase: the same one again (same key) answers the same intent. */
function authorizeRequest(
  deps: Pick<GiftCardDeps, 'site'>,
  purchase: { idempotencyKey: string; amountCents: number; paymentMethodId: string },
): AuthorizeInput {
  return {
    amountCents: purchase.amountCents,
    currency: 'usd',
    paymentMethodId: purchase.paymentMethodId,
    idempotencyKey: `gift-card-${purchase.idempotencyKey}`,
    description: `${deps.site.name}: gift card`,
    metadata: { kind: 'gift_card' },
  };
}

/** Moves a purchase on from the provider's answer: declined, waiting for 3-D Secure, or paid and issued. */
async function settle(
  deps: GiftCardDeps,
  purchaseId: number,
  intent: PaymentIntent,
  clientIp: string | undefined,
): Promise<GiftCardPurchaseState> {
  const provider = deps.payments.name;
  if (intent.status === 'declined') {
    await repository.recordPaymentAnswer(deps.db, purchaseId, {
      status: 'declined',
      paymentIntentId: intent.id,
      paymentProvider: provider,
      declineMessage: intent.declineMessage,
    });
    if (clientIp) await limits.record(deps.db, 'payment_declined', `ip:${clientIp}`);
    throw AppError.invalidField('payment_method_id', intent.declineMessage ?? CARD_DECLINED_FALLBACK);
  }
  if (intent.status === 'canceled') {
    await repository.recordPaymentAnswer(deps.db, purchaseId, {
      status: 'canceled',
      paymentIntentId: intent.id,
      paymentProvider: provider,
    });
    throw new AppError('conflict', PAYMENT_CANCELED_MESSAGE);
  }
  if (intent.status === 'requires_action') {
    await repository.recordPaymentAnswer(deps.db, purchaseId, {
      status: 'requires_action',
      paymentIntentId: intent.id,
      paymentProvider: provider,
    });
    const purchase = (await repository.findPurchase(deps.db, purchaseId))!;
    return toPurchaseState(purchase, intent);
  }
  await repository.recordPaymentAnswer(deps.db, purchaseId, {
    status: 'pending',
    paymentIntentId: intent.id,
    paymentProvider: provider,
  });
  const captured = intent.status === 'succeeded' ? intent : await deps.payments.capture(intent.id);
  if (captured.status === 'succeeded') await issuePurchase(deps, purchaseId, captured.card);
  return toPurchaseState((await repository.findPurchase(deps.db, purchaseId))!, null);
}

/**
 * GET purchase-intent: the purchase's state. After a 3-D Secure step the intent has moved on, so
 * asking is also the confirmation: an authorized intent is captured and the card issued (once).
 */
export async function purchaseState(
  deps: GiftCardDeps,
  paymentIntentId: string,
): Promise<GiftCardPurchaseState> {
  const purchase = await repository.findPurchaseByIntent(deps.db, paymentIntentId);
  if (!purchase) throw AppError.notFound('No gift card purchase has this payment.');
  if (purchase.status !== 'requires_action' && purchase.status !== 'pending') {
    return toPurchaseState(purchase, null);
  }
  const intent = await deps.payments.retrieve(paymentIntentId);
  if (intent.status === 'requires_action') return toPurchaseState(purchase, intent);
  try {
    return await settle(deps, purchase.id, intent, undefined);
  } catch (error) {
    // A decline after the bank's step is this purchase's state, not a failure of the question.
    if (error instanceof AppError && error.kind !== 'internal') {
      return toPurchaseState((await repository.findPurchase(deps.db, purchase.id))!, null);
    }
    throw error;
  }
}

/** The Stripe webhook's succeeded event: issues the purchase of that intent if nothing did yet. */
export async function confirmPurchaseByIntent(deps: GiftCardDeps, paymentIntentId: string): Promise<boolean> {
  const purchase = await repository.findPurchaseByIntent(deps.db, paymentIntentId);
  if (!purchase || purchase.status === 'paid') return false;
  return issuePurchase(deps, purchase.id, null);
}

/**
 * Issues a paid purchase's card (and bonus card) once: the guarded pending → paid update decides,
 * so a confirmation and a webhook arriving together issue one card. The receipt is queued at
 * once; the card email on its day (today's at once, by the same code the job runs).
 */
export async function issuePurchase(
  deps: GiftCardDeps,
  purchaseId: number,
  card: { brand: string; last4: string } | null,
): Promise<boolean> {
  const now = deps.now?.() ?? new Date();
  const issued = await deps.db.transaction(async (tx) => {
    const purchase = await repository.markPurchasePaid(tx, purchaseId, now);
    if (!purchase) return false;
    await createCard(tx, {
      source: 'purchase',
      purchaseId,
      amountCents: purchase.amountCents,
      recipientName: purchase.recipientName,
      recipientEmail: purchase.recipientEmail,
      senderName: purchase.senderName,
      message: purchase.message || null,
      deliverOn: purchase.deliverOn,
      description: `Bought by ${purchase.senderName}`,
    });
    if (purchase.bonusCents > 0) {
      await createCard(tx, {
        source: 'bonus',
        purchaseId,
        amountCents: purchase.bonusCents,
        recipientName: purchase.senderName,
        recipientEmail: purchase.buyerEmail,
        senderName: deps.site.name,
        message: 'A thank-you for your gift card purchase.',
        deliverOn: today(now),
        description: 'Bonus card of a gift card promotion',
      });
    }
    await deps.mailer.queue(
      tx,
      purchase.buyerEmail,
      'gift-card-receipt',
      giftCardReceiptMail({
        siteName: deps.site.name,
        recipientName: purchase.recipientName,
        recipientEmail: purchase.recipientEmail,
        amount: formatMoney(centsToDollars(purchase.amountCents)),
        deliveryDate: formatDay(purchase.deliverOn),
        deliveredToday: purchase.deliverOn <= today(now),
        bonus: purchase.bonusCents > 0 ? formatMoney(centsToDollars(purchase.bonusCents)) : null,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
      }),
    );
    await deliverDueCards(deps, tx, now);
    return true;
  });
  if (issued) deps.mailer.flush();
  return issued;
}

/** A purchase unfinished this long is the browser gone or a crash between authorize and capture. */
export const STALE_PURCHASE_MINUTES = 60;
const STALE_BATCH = 50;

/**
 * Settles purchases left unfinished past STALE_PURCHASE_MINUTES, so no buyer's money is held for
 * ever. A batch is claimed with FOR UPDATE SKIP LOCKED (replicas take different purchases) and held
 * for PURCHASE_PROCESSING_SECONDS of real time, as a request holds the purchase it asks about: a
 * request with the same key waits meanwhile, and no row lock is held while the provider is asked
 * (a run dated ahead takes no purchase a request still holds). For each, the provider
 * is asked for its intent (or, when the answer to the authorization was lost, asked again with the
 * same request and key, which answers the same hold). A captured payment issues the card through
 * issuePurchase (the guarded update every road shares, so the card exists once); anything else is
 * released through the payment adapter first and the purchase marked failed after (a guarded
 * update that never touches a paid purchase). Every step is idempotent: a connection lost between
 * two leaves the purchase unfinished and the next run finishes it. Answers what it did.
 */
export async function settleStalePurchases(
  deps: GiftCardDeps,
  asOf: Date | null,
  olderThanMinutes = STALE_PURCHASE_MINUTES,
): Promise<{ issued: number; failed: number }> {
  const now = asOf ?? deps.now?.() ?? new Date();
  const before = new Date(now.getTime() - olderThanMinutes * 60_000);
  const stale = await repository.claimStalePurchases(
    deps.db,
    before,
    STALE_BATCH,
    PURCHASE_PROCESSING_SECONDS,
  );
  const outcome = { issued: 0, failed: 0 };
  for (const purchase of stale) {
    try {
      const intent = await findIntent(deps, purchase);
      if (intent?.status === 'succeeded') {
        if (await issuePurchase(deps, purchase.id, intent.card)) outcome.issued += 1;
        continue;
      }
      if (intent && intent.status !== 'canceled' && intent.status !== 'declined') {
        await deps.payments.cancel(intent.id);
      }
      if (await repository.markPurchaseFailed(deps.db, purchase.id, intent?.id ?? null)) outcome.failed += 1;
    } catch (error) {
      deps.log.error(
        { err: error, purchaseId: purchase.id },
        'could not settle an unfinished gift card purchase',
      );
    }
  }
  return outcome;
}

/** The provider's intent of a purchase: by its id, or by asking again with the same key when the answer was lost. */
async function findIntent(
  deps: GiftCardDeps,
  purchase: repository.PurchaseRow,
): Promise<PaymentIntent | null> {
  if (purchase.paymentIntentId) return deps.payments.retrieve(purchase.paymentIntentId);
  if (!purchase.paymentMethodId) return null;
  return deps.payments
    .authorize(authorizeRequest(deps, { ...purchase, paymentMethodId: purchase.paymentMethodId }))
    .catch((error: unknown) => {
      // The provider refuses the request itself (the key was used otherwise): no hold of ours exists.
      if (error instanceof AppError) return null;
      throw error;
    });
}

/** A new card with its opening credit; answers its code (the one moment it exists in the clear). */
async function createCard(
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

// ---------------------------------------------------------------------------------------------
// Codes typed by customers

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
 * however many look-ups of it run at once (issue 28).
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

/** What the typed cards would pay on this cart (checked before paying; nothing is debited). */
export async function checkCodesForCart(
  db: Database,
  cartId: string,
  codes: string[],
  clientIp: string | undefined,
  now = new Date(),
) {
  const cards = await resolveCodes(db, codes, { clientIp, now, field: 'gift_card_codes' });
  const priced = await priceCart(db, cartId, { giftCardsAvailableCents: totalBalance(cards) });
  const allocation = allocateGiftCards(priced.costs.giftCardsAppliedCents, cards);
  return {
    cards: cards.map((card, index) => ({
      code: card.code,
      code_suffix: card.codeSuffix,
      balance: centsToDollars(card.balanceCents),
      applied: centsToDollars(allocation[index]!.appliedCents),
    })),
    gift_cards_amount_applied: centsToDollars(priced.costs.giftCardsAppliedCents),
    gift_cards_amount_available: centsToDollars(priced.costs.giftCardsAvailableCents),
    total_cost: centsToDollars(priced.costs.totalCents),
  };
}

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
 * A renewal's step (design.md section 6: gift card balance before the card): locks the account's
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

/** "Thursday, December 3, 2026" for a calendar day: the one formatter every email shares (issue 29). */
function formatDay(day: string): string {
  return formatCalendarDay(day, { year: true });
}
