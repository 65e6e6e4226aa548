import { randomBytes } from 'node:crypto';
import {
  CARD_IN_USE_MESSAGE,
  centsToDollars,
  formatMoney,
  GIFT_CARD_DELIVERY_DATE_MESSAGE,
  GIFT_CARD_PURCHASE_IN_PROGRESS_MESSAGE,
  GIFT_CARD_SUGGESTED_DOLLARS,
  type GiftCardPromotion,
  type GiftCardPurchaseBody,
  type GiftCardPurchaseState,
  REQUIRED_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { AuthorizeInput, PaymentIntent } from '../../domain/payment-provider';
import { AppError } from '../../errors/app-error';
import { untilNotBusy, wakeAll } from '../../lib/wake-ups';
import * as limits from '../../platform/limits/service';
import { giftCardReceiptMail } from '../../platform/mail/templates';
import { bonusFor, isDeliveryDateAllowed } from './allocation';
import { createCard, deliverDueCards } from './cards';
import { formatDay, type GiftCardDeps, today } from './common';
import * as repository from './repository';
import { toPromotion, toPurchaseState } from './wire';

/**
 * Buying a gift card: the purchase and its payment, issuing the card once paid (by the buyer's
 * confirmation, the payment webhook or the stale-purchase job), and the purchase page's offers.
 */

const PAYMENT_CANCELED_MESSAGE = 'This payment was canceled. Please press pay again.';

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
