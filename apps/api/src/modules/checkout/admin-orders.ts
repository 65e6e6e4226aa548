import {
  type AdminOrderDetail,
  type AdminOrderSummary,
  type AdminRefund,
  type AdminRefundBody,
  centsToDollars,
  dollarsToCents,
  formatMoney,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { orderNumber } from '../../domain/order-number';
import type { PaymentProvider } from '../../domain/payment-provider';
import { AppError } from '../../errors/app-error';
import type { Site } from '../../lib/site';
import { recordAdminAction } from '../../platform/audit/service';
import { orderConfirmationMail } from '../../platform/mail/templates';
import type { Mailer } from '../../plugins/mail';
import * as repository from './repository';
import { orderCosts, orderEmailLinks, toOrder } from './wire';

// The admin's side of orders (decision 027): search, the detail with its refunds, refunds through
// the payment provider, and the confirmation mail sent again. Admin routes compose these.

type SummaryRow = Awaited<ReturnType<typeof repository.searchOrders>>[number];

function toSummary(row: SummaryRow): AdminOrderSummary {
  return {
    id: row.id,
    number: orderNumber(row.id),
    email: row.email,
    user_id: row.userId,
    status: row.status,
    total: centsToDollars(row.totalCents),
    refunded: centsToDollars(row.refundedCents),
    delivery_date: row.deliveryDate,
    placed_at: row.createdAt.toISOString(),
  };
}

/** `SS-100042`, `100042` or `42` find that order; anything else is a part of an email. */
export function parseOrderQuery(query: string): { orderId?: number; email?: string } {
  const trimmed = query.trim();
  const number = /^(?:SS-?)?(\d{1,9})$/i.exec(trimmed);
  if (number) {
    const value = Number(number[1]);
    return { orderId: value > 100_000 ? value - 100_000 : value };
  }
  return trimmed ? { email: trimmed } : {};
}

export async function searchOrders(db: Database, query: string, limit: number): Promise<AdminOrderSummary[]> {
  const rows = await repository.searchOrders(db, parseOrderQuery(query), limit);
  return rows.map(toSummary);
}

export async function listCustomerOrders(db: Database, userId: number, limit: number) {
  return (await repository.listOrdersOfUser(db, userId, limit)).map(toSummary);
}

const toRefund = (row: repository.OrderRefundRow): AdminRefund => ({
  id: row.id,
  amount: centsToDollars(row.amountCents),
  status: row.status,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

const heldCents = (refunds: repository.OrderRefundRow[]) =>
  refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountCents, 0);

/** What the provider gave back: the refunds that succeeded (not those under way). */
const refundedCents = (refunds: repository.OrderRefundRow[]) =>
  refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amountCents, 0);

export async function adminOrder(db: Database, orderId: number): Promise<AdminOrderDetail> {
  const found = await repository.findOrder(db, orderId);
  if (!found) throw AppError.notFound('There is no such order.');
  const refunds = await repository.listRefunds(db, orderId);
  return {
    ...toOrder(found.order, found.lines, found.refundedCents),
    user_id: found.order.userId,
    promo_code_id: found.order.promoCodeId,
    refunds: refunds.map(toRefund),
    refundable: centsToDollars(Math.max(0, found.order.totalCents - heldCents(refunds))),
  };
}

export type RefundDeps = { db: Database; payments: PaymentProvider };

/** A refund row claimed for an order, with the payment it refunds. */
export type RefundClaim = { refund: RefundRow; intentId: string };
type RefundRow = NonNullable<Awaited<ReturnType<typeof repository.insertRefundIfAbsent>>>;

/**
 * The order refund's first step (workflows/order-refund.ts): the refund row is claimed under the
 * order's lock before the provider is asked, so a double submit finds it and makes no second
 * refund (null: this form's refund exists already), with its audit entry.
 */
export async function claimRefund(
  deps: RefundDeps,
  actorUserId: number,
  orderId: number,
  body: AdminRefundBody,
): Promise<RefundClaim | null> {
  return deps.db.transaction(async (tx) => {
    const order = await repository.lockOrder(tx, orderId);
    if (!order) throw AppError.notFound('There is no such order.');
    const existing = await repository.findRefundByKey(tx, body.idempotency_key);
    if (existing) {
      if (existing.orderId !== orderId) throw new AppError('conflict', 'This form belongs to another order.');
      return null;
    }
    if (!order.paymentIntentId || !order.paymentProvider) {
      throw new AppError(
        'conflict',
        'Nothing was charged to a card for this order: there is nothing to refund.',
      );
    }
    if (order.paymentProvider !== deps.payments.name) {
      throw new AppError(
        'conflict',
        `This order was paid through ${order.paymentProvider}, which this store no longer uses.`,
      );
    }
    if (order.status !== 'paid' && order.status !== 'refunded') {
      throw new AppError('conflict', 'Only a paid order can be refunded.');
    }
    const refundableCents = order.totalCents - heldCents(await repository.listRefunds(tx, orderId));
    if (refundableCents <= 0) throw new AppError('conflict', 'This order is refunded in full already.');
    const amountCents = body.amount === undefined ? refundableCents : dollarsToCents(body.amount);
    if (amountCents > refundableCents) {
      throw AppError.invalidField(
        'amount',
        `At most ${formatMoney(refundableCents / 100)} is left to refund.`,
      );
    }
    const refund = await repository.insertRefundIfAbsent(tx, {
      orderId,
      idempotencyKey: body.idempotency_key,
      amountCents,
      reason: body.reason || null,
      requestedByUserId: actorUserId,
    });
    if (!refund) throw new AppError('conflict', 'This refund is being made already.');
    await recordAdminAction(tx, {
      actorUserId,
      action: 'order.refund_requested',
      entity: 'order',
      entityId: orderId,
      before: { refundable_cents: refundableCents },
      after: { refund_id: refund.id, amount_cents: amountCents, reason: refund.reason },
    });
    return { refund, intentId: order.paymentIntentId };
  });
}

/** The provider refunds the claimed amount, with a key of its own per refund row (a retried call never refunds twice). */
export function askRefund(
  deps: RefundDeps,
  claim: RefundClaim,
): Promise<{ id: string; amountCents: number }> {
  return deps.payments.refund({
    intentId: claim.intentId,
    amountCents: claim.refund.amountCents,
    idempotencyKey: `order-refund-${claim.refund.id}`,
  });
}

/** The claim's compensation when the provider refused or failed: the refund row failed, audited. */
export async function failRefund(db: Database, actorUserId: number, orderId: number, claim: RefundClaim) {
  await db.transaction(async (tx) => {
    await repository.settleRefund(tx, claim.refund.id, { status: 'failed' });
    await recordAdminAction(tx, {
      actorUserId,
      action: 'order.refund_failed',
      entity: 'order',
      entityId: orderId,
      before: { refund_id: claim.refund.id, status: 'pending' },
      after: { refund_id: claim.refund.id, status: 'failed' },
    });
  });
}

/** The provider's refund recorded: the row succeeded, the order refunded once in full, audited. */
export async function settleRefund(
  db: Database,
  actorUserId: number,
  orderId: number,
  claim: RefundClaim,
  providerRefund: { id: string },
) {
  await db.transaction(async (tx) => {
    const order = (await repository.lockOrder(tx, orderId))!;
    await repository.settleRefund(tx, claim.refund.id, {
      status: 'succeeded',
      providerRefundId: providerRefund.id,
    });
    const refunded = refundedCents(await repository.listRefunds(tx, orderId));
    const status = refunded >= order.totalCents ? 'refunded' : order.status;
    if (status !== order.status) await repository.setOrderStatus(tx, orderId, status);
    await recordAdminAction(tx, {
      actorUserId,
      action: 'order.refund',
      entity: 'order',
      entityId: orderId,
      before: { status: order.status, refunded_cents: refunded - claim.refund.amountCents },
      after: {
        status,
        refunded_cents: refunded,
        refund_id: claim.refund.id,
        provider_refund_id: providerRefund.id,
      },
    });
  });
}

/** The order confirmation again, to the order's email, as it was confirmed. */
export async function resendOrderConfirmation(
  deps: { db: Database; mailer: Mailer; site: Pick<Site, 'name' | 'url' | 'accountUrl'> },
  actorUserId: number,
  orderId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await repository.findOrder(tx, orderId);
    if (!found) throw AppError.notFound('There is no such order.');
    const { order, lines } = found;
    const mailId = await deps.mailer.queue(
      tx,
      order.email,
      'order-confirmation',
      orderConfirmationMail({
        siteName: deps.site.name,
        firstName: order.shipFirstName,
        orderNumber: orderNumber(order.id),
        deliveryDate: order.deliveryDate,
        frequencyWeeks: order.frequencyWeeks,
        lines: lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          total: centsToDollars(line.unit_price_cents * line.quantity),
        })),
        costs: orderCosts(order),
        discountDescription: order.discountDescription,
        ...orderEmailLinks(deps.site, order.id),
      }),
    );
    await recordAdminAction(tx, {
      actorUserId,
      action: 'order.resend_confirmation',
      entity: 'order',
      entityId: orderId,
      before: null,
      after: { to: order.email, mail_id: mailId },
    });
  });
  deps.mailer.flush();
}

/** Orders and revenue per day (UTC) since `since`. */
export async function ordersPerDay(db: Database, since: Date) {
  const rows = await repository.ordersPerDay(db, since);
  return rows.map((row) => ({ day: row.day, orders: row.orders, revenue: centsToDollars(row.revenueCents) }));
}

/** Orders and revenue per promo code id. */
export async function promoCodeSales(
  db: Database,
): Promise<Map<number, { orders: number; revenue: number }>> {
  const rows = await repository.promoCodeSales(db);
  return new Map(
    rows.map((row) => [row.promoCodeId!, { orders: row.orders, revenue: centsToDollars(row.revenueCents) }]),
  );
}
