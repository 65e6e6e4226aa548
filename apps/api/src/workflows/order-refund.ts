import type { AdminOrderDetail, AdminRefundBody } from '@sprout/contracts';
import {
  adminOrder,
  askRefund,
  claimRefund,
  failRefund,
  type RefundDeps,
  settleRefund,
} from '../modules/checkout/service';

/**
 * An admin's refund of an order, in full (no amount) or in part, through the provider that took
 * the payment (docs/decisions/049):
 *
 *   claim-refund (one transaction) → ask-provider → settle-refund (one transaction)
 *
 * Idempotent by the form's key: a double submit finds the claimed row and shows where the first
 * stands. Compensation of claim-refund when ask-provider fails: the row is marked failed (audited)
 * and the error answered; nothing else was written. Answers the order as it is now.
 */
export async function refundOrder(
  deps: RefundDeps,
  actorUserId: number,
  orderId: number,
  body: AdminRefundBody,
): Promise<AdminOrderDetail> {
  const claim = await claimRefund(deps, actorUserId, orderId, body);
  // A double submit: the first request makes the refund; this one shows where it stands.
  if (!claim) return adminOrder(deps.db, orderId);

  let providerRefund: { id: string; amountCents: number };
  try {
    providerRefund = await askRefund(deps, claim);
  } catch (error) {
    await failRefund(deps.db, actorUserId, orderId, claim);
    throw error;
  }

  await settleRefund(deps.db, actorUserId, orderId, claim, providerRefund);
  return adminOrder(deps.db, orderId);
}
