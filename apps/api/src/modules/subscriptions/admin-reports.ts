import type { Database } from '@sprout/db';
import { calendarDay, DELIVERY_TIME_ZONE } from '../../domain/delivery-dates';
import { recordAdminAction } from '../../platform/audit/service';
import * as repository from './repository';
import { findCurrentSubscriptionWithPlan, type GiftCardBalance, skipDelivery } from './service';

// The subscriptions module's side of the admin site (docs/decisions/027): the reports of the dashboard and
// the changes support makes for a customer, each audited in the transaction that makes it.

export async function subscriptionCounts(
  db: Database,
): Promise<Record<'active' | 'paused' | 'canceled', number>> {
  const counts = { active: 0, paused: 0, canceled: 0 };
  for (const row of await repository.countSubscriptionsByStatus(db)) counts[row.status] = row.count;
  return counts;
}

export type CancellationRow = { reason: string; offered: number; accepted: number; declined: number };

/** Cancellations started in [from, to) by reason: how many saw an offer, took it, or left. */
export async function cancellationReport(db: Database, from: Date, to: Date): Promise<CancellationRow[]> {
  const byReason = new Map<string, CancellationRow>();
  for (const row of await repository.cancellationReport(db, from, to)) {
    const entry = byReason.get(row.reason) ?? { reason: row.reason, offered: 0, accepted: 0, declined: 0 };
    entry[row.outcome] += row.count;
    byReason.set(row.reason, entry);
  }
  return [...byReason.values()].sort(
    (a, b) => b.offered + b.accepted + b.declined - (a.offered + a.accepted + a.declined),
  );
}

/** `picked`: of `total`, what the store picked for families rather than the customers chose (decision 055). */
type KitchenCounts = Record<repository.KitchenStatus, number> & { total: number; picked: number };

export type KitchenWeek = KitchenCounts & {
  /** The Monday of the delivery week. */
  week: string;
  products: ({ sku: string; name: string } & KitchenCounts)[];
};

const noItems = (): KitchenCounts => ({
  charged: 0,
  locked: 0,
  failed: 0,
  scheduled: 0,
  total: 0,
  picked: 0,
});

/**
 * What the kitchen makes in each of the next `weeks` delivery weeks: every box that will ship,
 * paid (charged), being charged (locked), retried after a decline (failed) or still scheduled.
 */
export async function kitchenPlan(db: Database, now: Date, weeks: number): Promise<KitchenWeek[]> {
  const from = calendarDay(now, DELIVERY_TIME_ZONE);
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
  const byWeek = new Map<string, KitchenWeek>();
  for (const row of await repository.kitchenPlan(db, from, to)) {
    const week = byWeek.get(row.week) ?? { week: row.week, products: [], ...noItems() };
    const counts = noItems();
    for (const status of repository.KITCHEN_STATUSES) {
      counts[status] = row[status];
      counts.total += row[status];
      week[status] += row[status];
    }
    week.total += counts.total;
    counts.picked = row.picked;
    week.picked += row.picked;
    week.products.push({ sku: row.sku, name: row.name, ...counts });
    byWeek.set(row.week, week);
  }
  return [...byWeek.values()];
}

/**
 * Skips a customer's box for them (support), audited with the box before and after; the box is
 * answered priced with their gift card balance, as skipDelivery prices it.
 */
export async function skipForCustomer(
  db: Database,
  actorUserId: number,
  userId: number,
  date: string,
  now: Date,
  giftCardBalance: GiftCardBalance,
) {
  return db.transaction(async (tx) => {
    const current = await findCurrentSubscriptionWithPlan(tx, userId);
    const delivery = await skipDelivery(tx, userId, date, now, giftCardBalance);
    await recordAdminAction(tx, {
      actorUserId,
      action: 'delivery.skip',
      entity: 'subscription',
      entityId: current?.subscription.id ?? userId,
      before: { date, status: 'scheduled' },
      after: { date, status: delivery.status },
    });
    return delivery;
  });
}
