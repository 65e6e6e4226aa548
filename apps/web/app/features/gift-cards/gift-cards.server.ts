import type {
  GiftCardPromotion,
  GiftCardPurchaseState,
  GiftCardSuggestion,
  PaymentConfig,
} from '@sprout/contracts';
import { endpoints, GENERIC_SERVER_ERROR } from '@sprout/contracts';
import type { AppLoadContext } from 'react-router';
import { type FailedCall, failureOf } from '../../lib/api-client.server';
import { type PurchaseErrors, readPurchaseForm } from './purchase-form';
import { purchaseFormErrors } from './purchase-validation';

export type GiftCardPageData = {
  suggestions: GiftCardSuggestion[];
  promotions: GiftCardPromotion[];
  paymentConfig: PaymentConfig;
  /** Today in the kitchen's time zone: the earliest delivery date. */
  today: string;
  /** A signed-in buyer's name and email, to start the form with (anonymous buyers type theirs). */
  buyer: { name: string; email: string } | null;
};

export type PurchaseActionData =
  | { ok: true; purchase: GiftCardPurchaseState; senderEmail: string | null }
  | { ok: false; errors: PurchaseErrors };

const todayInKitchen = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** What the purchase page shows before anything is typed: amounts, live promotions, the card form's provider. */
export async function loadGiftCardPage(context: AppLoadContext): Promise<GiftCardPageData> {
  const [suggestions, promotions, paymentConfig, me] = await Promise.all([
    context.api.read(endpoints.giftCards.suggestions),
    context.api.read(endpoints.giftCards.promotions),
    context.api.read(endpoints.checkout.paymentConfig),
    // Anonymous visitors get a 401 here, which only means "no one to start the form with".
    context.api.call(endpoints.account.me),
  ]);
  const buyer =
    me.kind === 'ok'
      ? {
          name: [me.data.data.profile.first_name, me.data.data.profile.last_name].filter(Boolean).join(' '),
          email: me.data.data.email,
        }
      : null;
  return {
    suggestions: suggestions.data,
    promotions: promotions.data,
    paymentConfig: paymentConfig.data,
    today: todayInKitchen(),
    buyer,
  };
}

function failure(result: FailedCall): PurchaseActionData {
  const { status, message, fieldErrors } = failureOf(result);
  if (status >= 500) return { ok: false, errors: { form: GENERIC_SERVER_ERROR } };
  const errors: PurchaseErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = key as keyof PurchaseErrors;
    if (messages[0]) errors[field] ??= messages[0];
  }
  if (Object.keys(errors).length === 0) errors.form = message ?? GENERIC_SERVER_ERROR;
  return { ok: false, errors };
}

/**
 * The purchase form's action: `purchase` (the card's token from the provider's form, an
 * idempotency key per press) or `confirm` (after the bank's 3-D Secure step, the state of the
 * payment, which issues the card once it succeeded).
 */
export async function purchaseAction(request: Request, context: AppLoadContext): Promise<PurchaseActionData> {
  const form = await request.formData();
  if (form.get('intent') === 'confirm') {
    const intentId = String(form.get('payment_intent_id') ?? '');
    try {
      const state = await context.api.read(endpoints.giftCards.purchaseByIntent, {
        params: { paymentIntentId: intentId },
      });
      return { ok: true, purchase: state.data, senderEmail: null };
    } catch {
      return { ok: false, errors: { form: GENERIC_SERVER_ERROR } };
    }
  }
  const problems = purchaseFormErrors(form, { senderEmailRequired: false });
  if (problems) return { ok: false, errors: problems };
  const paymentMethodId = String(form.get('payment_method_id') ?? '').trim();
  if (!paymentMethodId) return { ok: false, errors: { payment_method_id: 'Enter your card details' } };
  const values = readPurchaseForm(form);
  const idempotencyKey = String(form.get('idempotency_key') ?? '');
  const answer = await context.api.call(endpoints.giftCards.purchase, {
    body: {
      ...values,
      amount: Number(values.amount),
      payment_method_id: paymentMethodId,
      ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
    },
  });
  if (answer.kind !== 'ok') return failure(answer);
  return { ok: true, purchase: answer.data.data, senderEmail: values.sender_email ?? null };
}
