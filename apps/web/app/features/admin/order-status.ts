import type { AdminOrderSummary } from '@sprout/contracts';
import { money } from '../checkout/format';

/**
 * An order's status as the admin reads it. A partial refund leaves the order `paid` (decision 027:
 * it was charged and is delivered), so the status alone would hide the money that went back.
 */
export function orderStatusText(order: Pick<AdminOrderSummary, 'status' | 'refunded' | 'total'>): string {
  if (order.refunded <= 0 || order.status === 'refunded') return order.status;
  return `${order.status} · refunded ${money(order.refunded)} of ${money(order.total)}`;
}
