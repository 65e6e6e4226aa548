import {
  type SubscriptionChange,
  UPCOMING_DELIVERY_COUNT,
  type UpdateSubscriptionBody,
  weekdayName,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { addDays, calendarDay, DELIVERY_TIME_ZONE } from '../domain/delivery-dates';
import { AppError } from '../errors/app-error';
import { accountBalanceCents } from '../modules/gift-cards/service';
import { findPlan } from '../modules/plans/service';
import { lookUpZipCode } from '../modules/shipping/service';
import * as subscriptions from '../modules/subscriptions/service';
import {
  type ChangeableBox,
  deliveryCutoff,
  deliveryDatesAfter,
  priceDelivery,
  refreshNextDeliveryDates,
  remakeBoxes,
} from '../modules/subscriptions/service';
import { toDelivery, toSubscription } from '../modules/subscriptions/wire';

/**
 * Plan, frequency and delivery weekday changes (PUT /api/me/subscription and its preview), written
 * by the account API beside the engine's service: effective from the next box that is not locked.
 * The boxes that can still change (scheduled or skipped, cutoff ahead) are made again on the new
 * schedule by the rules of reschedule.ts; locked, charged and failed boxes are never touched.
 */

/** Thrown inside the preview's transaction to undo everything it wrote, carrying its answer. */
class PreviewDone extends Error {
  constructor(readonly result: SubscriptionChange) {
    super('preview');
  }
}

export async function changeSubscription(
  db: Database,
  userId: number,
  body: UpdateSubscriptionBody,
  options: { now: Date; preview: boolean },
): Promise<SubscriptionChange> {
  try {
    const result = await db.transaction(async (tx) => {
      const changed = await applyChange(tx, userId, body, options.now);
      if (options.preview) throw new PreviewDone(changed);
      return changed;
    });
    return result;
  } catch (error) {
    if (error instanceof PreviewDone) return error.result;
    throw error;
  }
}

async function applyChange(
  tx: Database,
  userId: number,
  body: UpdateSubscriptionBody,
  now: Date,
): Promise<SubscriptionChange> {
  const current = await subscriptions.findCurrentSubscriptionWithPlan(tx, userId);
  if (!current) {
    throw new AppError('conflict', 'You have no active subscription to change. Start one from the menus.');
  }
  const subscription = await subscriptions.lockSubscription(tx, current.subscription.id);
  if (subscription?.status !== 'active') {
    throw new AppError(
      'conflict',
      'Your subscription is paused: resume it before changing its plan, frequency or delivery day.',
    );
  }

  const plan = body.plan_id === undefined ? current.plan : await findPlan(tx, body.plan_id);
  if (!plan) throw AppError.invalidField('plan_id', 'Choose one of our plans.');
  const frequencyWeeks = body.frequency_weeks ?? subscription.frequencyWeeks;
  const weekday = body.delivery_weekday ?? subscription.deliveryWeekday;
  if (body.delivery_weekday !== undefined && body.delivery_weekday !== subscription.deliveryWeekday) {
    await requireDeliveredWeekday(tx, subscription.id, body.delivery_weekday);
  }

  const scheduleChanged =
    frequencyWeeks !== subscription.frequencyWeeks || weekday !== subscription.deliveryWeekday;
  const planChanged = plan.id !== subscription.planId;
  if (scheduleChanged || planChanged) {
    await remakeChangeableBoxes(
      tx,
      subscription,
      { frequencyWeeks, weekday, threshold: plan.threshold },
      now,
    );
    await subscriptions.updateSubscription(tx, subscription.id, {
      planId: plan.id,
      frequencyWeeks,
      deliveryWeekday: weekday,
    });
  }
  return answer(tx, subscription.id, now);
}

/** The weekday must be one the courier delivers to the subscription's zip code on. */
async function requireDeliveredWeekday(tx: Database, subscriptionId: number, weekday: number) {
  const context = await subscriptions.findPricingContext(tx, subscriptionId);
  const zip = context ? await lookUpZipCode(tx, { code: context.zipCode }) : null;
  const days = zip?.delivery_weekdays ?? [];
  if (!days.includes(weekday)) {
    const names = days.map((day) => weekdayName(day)).join(', ');
    throw AppError.invalidField(
      'delivery_weekday',
      days.length > 0
        ? `We deliver to ${zip!.code} on ${names}: choose one of those days.`
        : `We don't deliver to ${context?.zipCode ?? 'your zip code'} at the moment.`,
    );
  }
}

async function remakeChangeableBoxes(
  tx: Database,
  subscription: subscriptions.SubscriptionRow,
  next: { frequencyWeeks: number; weekday: number; threshold: number },
  now: Date,
) {
  const rows = await subscriptions.listDeliveries(tx, subscription.id, '1970-01-01');
  const changeable = rows.filter(
    (row) =>
      (row.delivery.status === 'scheduled' || row.delivery.status === 'skipped') &&
      row.delivery.cutoffAt.getTime() > now.getTime(),
  );
  const made = rows.filter((row) => !changeable.includes(row) && row.delivery.status !== 'canceled');
  const lastMade = made[made.length - 1];
  // The schedule continues from the last box made; without one, a cycle before the first open box.
  const anchor =
    lastMade?.delivery.deliveryDate ??
    changeable[0]?.delivery.deliveryDate ??
    calendarDay(now, DELIVERY_TIME_ZONE);
  const dates: string[] = [];
  let after = lastMade ? anchor : addDays(anchor, -7 * next.frequencyWeeks);
  while (dates.length < UPCOMING_DELIVERY_COUNT) {
    const batch = deliveryDatesAfter(after, next, UPCOMING_DELIVERY_COUNT);
    dates.push(...batch.filter((date) => deliveryCutoff(date).getTime() > now.getTime()));
    after = batch[batch.length - 1]!;
  }
  const boxes: ChangeableBox[] = changeable.map((row) => ({
    date: row.delivery.deliveryDate,
    status: row.delivery.status as ChangeableBox['status'],
    items: row.items.map((item) => ({ productId: item.productId, quantity: item.quantity })),
    oneTimeDiscountBasisPoints: row.delivery.oneTimeDiscountBasisPoints,
  }));
  const remade = remakeBoxes({
    boxes,
    newDates: dates.slice(0, UPCOMING_DELIVERY_COUNT),
    lastMadeItems:
      lastMade?.items.map((item) => ({ productId: item.productId, quantity: item.quantity })) ?? [],
    threshold: next.threshold,
  });
  const kept = new Map(changeable.map((row) => [row.delivery.deliveryDate, row.delivery]));
  await subscriptions.deleteChangeableDeliveries(
    tx,
    subscription.id,
    changeable.map((row) => row.delivery.id),
  );
  const inserted = await subscriptions.insertDeliveries(
    tx,
    remade.map((box) => {
      const same = box.from === box.date ? kept.get(box.date) : undefined;
      return {
        subscriptionId: subscription.id,
        deliveryDate: box.date,
        cutoffAt: deliveryCutoff(box.date),
        status: box.status,
        oneTimeDiscountBasisPoints: box.oneTimeDiscountBasisPoints,
        // The reminder already sent for an unchanged date is not sent again.
        reminderSentAt: same?.reminderSentAt ?? null,
      };
    }),
  );
  const idOf = new Map(inserted.map((row) => [row.deliveryDate, row.id]));
  await subscriptions.insertDeliveryItems(
    tx,
    remade.flatMap((box) => {
      const deliveryId = idOf.get(box.date);
      return deliveryId === undefined ? [] : box.items.map((item) => ({ deliveryId, ...item }));
    }),
  );
  // The next delivery date follows the boxes, by the engine's one rule.
  await refreshNextDeliveryDates(tx, now, subscription.id);
}

/** The subscription as it is now and its next box that will be made, priced. */
async function answer(tx: Database, subscriptionId: number, now: Date): Promise<SubscriptionChange> {
  const found = await subscriptions.findSubscriptionWithPlan(tx, subscriptionId);
  if (!found) throw AppError.notFound('Subscription not found.');
  const rows = await subscriptions.listDeliveries(tx, subscriptionId, calendarDay(now, DELIVERY_TIME_ZONE));
  const next = rows.find(
    (row) => row.delivery.status === 'scheduled' && row.delivery.cutoffAt.getTime() > now.getTime(),
  );
  return {
    subscription: toSubscription(found.subscription, found.plan),
    next_delivery: next
      ? toDelivery(
          await priceDelivery(
            tx,
            { subscriptionId, date: next.delivery.deliveryDate },
            { asOf: now, giftCards: accountBalanceCents },
          ),
          now,
        )
      : null,
  };
}
