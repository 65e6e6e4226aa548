import {
  centsToDollars,
  DELIVERY_PAYMENT_NOT_WAITING_MESSAGE,
  type DeliveryPayment,
} from '@sprout/contracts';
import type { PaymentIntent, PaymentProvider } from '../domain/payment-provider';
import { AppError } from '../errors/app-error';
import { settleRenewalOrder } from '../modules/checkout/service';
import * as subscriptions from '../modules/subscriptions/service';
import type { FlowDeps } from './deps';

/**
 * A renewal whose bank asked for 3-D Secure, paid by its customer (docs/decisions/041):
 * `POST /api/me/deliveries/{date}/payment` from the page the email links to, signed in.
 *
 *   waiting → [the provider confirms the intent again, on-session, with its card] → requires_action
 *   (the browser's 3-D Secure step, as at checkout) → asked again → [succeeded] → box charged,
 *   order paid, in one transaction guarded by the box still waiting for that intent.
 *
 * The renewal job ends the wait at the box's last try's day by canceling the intent first: the
 * provider decides which of the two came first, and a paid intent is recorded as the box's charge
 * by whichever side reads it.
 */

const notWaiting = () => new AppError('conflict', DELIVERY_PAYMENT_NOT_WAITING_MESSAGE);

export async function payWaitingDelivery(
  deps: Pick<FlowDeps, 'db' | 'payments'>,
  userId: number,
  date: string,
): Promise<DeliveryPayment> {
  const current = await subscriptions.findCurrentSubscriptionWithPlan(deps.db, userId);
  if (!current) throw AppError.notFound('You have no subscription.');
  const row = await subscriptions.findDeliveryWithItems(deps.db, current.subscription.id, date);
  if (!row) throw AppError.notFound(`There is no delivery on ${date}.`);
  const { delivery } = row;
  const amountCents = row.order?.totalCents ?? 0;
  if (delivery.status === 'charged') return { status: 'paid', amount: centsToDollars(amountCents) };
  const intentId = delivery.authenticationIntentId;
  if (delivery.status !== 'failed' || !intentId || delivery.orderId === null) throw notWaiting();

  let intent = await deps.payments.retrieve(intentId);
  if (intent.status === 'requires_authentication' || intent.status === 'declined') {
    // Confirmed again with its customer here: the bank asks for its step (or takes it at once).
    intent = await confirm(deps.payments, intentId);
  }
  // A provider that authorizes first (manual capture) is captured now.
  if (intent.status === 'requires_capture') intent = await deps.payments.capture(intentId);
  const amount = centsToDollars(intent.amountCents);
  switch (intent.status) {
    case 'succeeded':
      await recordPaid(deps, { subscriptionId: current.subscription.id, date }, intent);
      return { status: 'paid', amount };
    case 'requires_action':
      return {
        status: 'requires_action',
        amount,
        payment_intent_id: intent.id,
        client_secret: intent.clientSecret,
      };
    case 'declined':
      return { status: 'declined', amount, message: intent.declineMessage ?? '' };
    default:
      throw notWaiting();
  }
}

async function confirm(payments: PaymentProvider, intentId: string): Promise<PaymentIntent> {
  try {
    return await payments.confirmOnSession(intentId);
  } catch (error) {
    // Canceled meanwhile: the box's time ran out (or a new card paid it).
    if (error instanceof AppError && error.kind === 'conflict') throw notWaiting();
    throw error;
  }
}

/** The box and its order, paid by this intent, unless the box stopped waiting for it meanwhile. */
async function recordPaid(
  deps: Pick<FlowDeps, 'db' | 'payments'>,
  box: { subscriptionId: number; date: string },
  intent: PaymentIntent,
): Promise<void> {
  const recorded = await deps.db.transaction(async (tx) => {
    const delivery = await subscriptions.lockDelivery(tx, box.subscriptionId, box.date);
    if (!delivery?.orderId) return false;
    if (!(await subscriptions.recordAuthenticatedCharge(tx, delivery.id, intent.id))) return false;
    await settleRenewalOrder(tx, delivery.orderId, {
      status: 'paid',
      paymentProvider: deps.payments.name,
      paymentIntentId: intent.id,
      cardBrand: intent.card?.brand ?? null,
      cardLast4: intent.card?.last4 ?? null,
    });
    return true;
  });
  if (recorded) return;
  // The renewal job read the paid intent when it ended the wait, and recorded it: paid all the same.
  const row = await subscriptions.findDeliveryWithItems(deps.db, box.subscriptionId, box.date);
  if (row?.delivery.status !== 'charged') throw notWaiting();
}
