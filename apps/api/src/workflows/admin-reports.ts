import { DASHBOARD_DAYS, KITCHEN_PLAN_WEEKS } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../errors/app-error';
import { findAccount } from '../modules/accounts/service';
import { cartFunnel } from '../modules/carts/service';
import { listCustomerOrders, ordersPerDay } from '../modules/checkout/admin-orders';
import { accountBalanceCents } from '../modules/gift-cards/service';
import { customerCredits } from '../modules/promotions/admin';
import { cancellationReport, kitchenPlan, subscriptionCounts } from '../modules/subscriptions/admin-reports';
import { currentSubscription, listUpcomingDeliveries } from '../modules/subscriptions/service';

// The admin screens own no table: they compose the owning modules' services into the pages of the
// admin site (docs/decisions/027, docs/decisions/048). Each module keeps its own SQL in its repository.

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The funnel's and cancellations' range: [from, to] as whole UTC days; the last 30 days by default. */
export function dashboardRange(now: Date, query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DASHBOARD_DAYS - 1) * DAY_MS));
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
    throw AppError.invalidField('from', 'Use dates like 2026-12-01.');
  }
  if (from > to) throw AppError.invalidField('from', 'The start must be on or before the end.');
  return {
    from,
    to,
    fromInstant: new Date(`${from}T00:00:00Z`),
    toInstant: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
  };
}

/** The first screen: sales, subscriptions, the funnel, cancellations and the kitchen's plan. */
export async function dashboard(
  db: Database,
  now: Date,
  query: { from?: string | undefined; to?: string | undefined },
) {
  const range = dashboardRange(now, query);
  const salesSince = new Date(Date.parse(`${isoDay(now)}T00:00:00Z`) - (DASHBOARD_DAYS - 1) * DAY_MS);
  const [sales, subscriptions, funnel, cancellations, kitchen] = await Promise.all([
    ordersPerDay(db, salesSince),
    subscriptionCounts(db),
    cartFunnel(db, range.fromInstant, range.toInstant),
    cancellationReport(db, range.fromInstant, range.toInstant),
    kitchenPlan(db, now, KITCHEN_PLAN_WEEKS),
  ]);
  // Every day of the 30 shows, with zeros on days without orders, so the chart's axis is honest.
  const byDay = new Map(sales.map((row) => [row.day, row]));
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const day = isoDay(new Date(salesSince.getTime() + index * DAY_MS));
    return byDay.get(day) ?? { day, orders: 0, revenue: 0 };
  });
  return {
    range: { from: range.from, to: range.to },
    sales: days,
    subscriptions,
    funnel: {
      carts_created: funnel.created,
      captured: funnel.captured,
      plan_chosen: funnel.planChosen,
      checked_out: funnel.checkedOut,
    },
    cancellations,
    kitchen: { weeks: KITCHEN_PLAN_WEEKS, plan: kitchen },
  };
}

/** One customer as support sees them: account, subscription, the next boxes, orders and credits. */
export async function customerDetail(db: Database, userId: number, now: Date) {
  const account = await findAccount(db, userId);
  const [subscription, deliveries, orders, credits] = await Promise.all([
    currentSubscription(db, userId),
    listUpcomingDeliveries(db, userId, now, accountBalanceCents),
    listCustomerOrders(db, userId, 50),
    customerCredits(db, userId, now),
  ]);
  return {
    id: account.id,
    email: account.email,
    first_name: account.firstName,
    last_name: account.lastName,
    is_admin: account.isAdmin,
    created_at: account.createdAt.toISOString(),
    subscription,
    deliveries,
    orders,
    credits,
  };
}
