import { addDays, isoWeekday, orderCutoff } from '@sprout/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  addresses,
  categories,
  deliveries,
  deliveryItems,
  orderLines,
  orders,
  plans,
  products,
  states,
  subscriptions,
  testPaymentIntents,
  testPaymentMethods,
  users,
  zipCodes,
} from '../schema/index';

/**
 * The demo customer's past and future: four boxes already charged, with their orders,
 * lines, costs and card, and the next eight boxes as `scheduled` deliveries with contents, so the
 * account site has a history and a schedule to show from the first start.
 *
 * The dates follow the renewal engine's rules (packages/db must not import the API, whose pure
 * schedule lives in apps/api/src/modules/subscriptions/schedule.ts): one box every `frequencyWeeks`
 * weeks on the subscription's weekday, each box's cutoff the kitchen calendar's (orderCutoff, in
 * the contracts, shared with the API). The first upcoming box is the first on the weekday whose
 * cutoff is still ahead; every earlier box is charged.
 */

/**
 * The demo customer's saved card, and the test provider's customer it is saved for: its id is in
 * this source, so the card belongs to that customer alone (decision 036) and no other account can
 * save it or pay with it.
 */
export const DEMO_CARD = {
  id: 'pm_test_demo_visa_4242',
  brand: 'visa',
  last4: '4242',
  customerId: 'cus_test_demo_customer',
} as const;
const PAST_BOXES = 4;
const UPCOMING_BOXES = 8;
/** Eight different meals, three of each: the 24-item plan's box. */
const MEALS_PER_BOX = 8;
const DAY_MS = 86_400_000;

/** The first date on the weekday whose cutoff is after `now`: the next box that can still change. */
export function firstOpenDelivery(now: Date, weekday: number): string {
  let day = now.toISOString().slice(0, 10);
  while (isoWeekday(day) !== weekday || orderCutoff(day).getTime() <= now.getTime()) day = addDays(day, 1);
  return day;
}

/** The demo schedule as of `now`: past (charged) dates oldest first, then the upcoming ones. */
export function demoSchedule(now: Date, schedule: { weekday: number; frequencyWeeks: number }) {
  const step = 7 * schedule.frequencyWeeks;
  const next = firstOpenDelivery(now, schedule.weekday);
  return {
    past: Array.from({ length: PAST_BOXES }, (_, index) => addDays(next, -step * (PAST_BOXES - index))),
    upcoming: Array.from({ length: UPCOMING_BOXES }, (_, index) => addDays(next, step * index)),
  };
}

const applyBasisPoints = (cents: number, basisPoints: number) =>
  Math.round((cents * (10_000 + basisPoints)) / 10_000);

/**
 * Seeds the history once: nothing happens when the demo subscription already has deliveries or
 * orders (a second start, or a database the renewal jobs already worked on).
 */
export async function seedDemoHistory(tx: Database, email: string, now = new Date()): Promise<boolean> {
  const [found] = await tx
    .select({ subscription: subscriptions, user: users, plan: plans, address: addresses })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(addresses, eq(addresses.id, subscriptions.addressId))
    .where(and(sql`lower(${users.email}) = ${email}`, eq(subscriptions.status, 'active')))
    .limit(1);
  if (!found) return false;
  const { subscription, user, plan, address } = found;
  const [existing] = await tx
    .select({
      count:
        sql<number>`(select count(*) from ${deliveries} where ${deliveries.subscriptionId} = ${subscription.id})
      + (select count(*) from ${orders} where ${orders.subscriptionId} = ${subscription.id})`.mapWith(Number),
    })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscription.id));
  if ((existing?.count ?? 0) > 0) return false;

  const [place] = await tx
    .select({ zip: zipCodes.code, state: states })
    .from(zipCodes)
    .innerJoin(states, eq(states.id, zipCodes.stateId))
    .where(eq(zipCodes.id, address.zipCodeId));
  const meals = await tx
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      basePriceCents: categories.basePriceCents,
      premiumDifferenceCents: products.premiumDifferenceCents,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isActive, true), eq(categories.isComposable, true)))
    .orderBy(asc(products.id));
  const perMeal = Math.floor(plan.threshold / MEALS_PER_BOX);
  if (!place || meals.length < MEALS_PER_BOX || perMeal * MEALS_PER_BOX !== plan.threshold) return false;

  await tx
    .insert(testPaymentMethods)
    .values({
      id: DEMO_CARD.id,
      brand: DEMO_CARD.brand,
      last4: DEMO_CARD.last4,
      expMonth: 12,
      expYear: 2034,
      behavior: 'succeed',
      customerId: DEMO_CARD.customerId,
    })
    .onConflictDoNothing();

  const { past, upcoming } = demoSchedule(now, {
    weekday: subscription.deliveryWeekday,
    frequencyWeeks: subscription.frequencyWeeks,
  });
  // Each past box a different selection, as a family that edits its boxes; the next boxes start as
  // a copy of the last one, as the engine makes them.
  const boxOf = (index: number) =>
    Array.from({ length: MEALS_PER_BOX }, (_, slot) => meals[(index * 3 + slot) % meals.length]!);
  const firstOrderAt = new Date(orderCutoff(past[0]!).getTime() - 3 * DAY_MS);

  for (const [index, date] of past.entries()) {
    const box = boxOf(index);
    const lines = box.map((meal) => {
      const regular = meal.basePriceCents + meal.premiumDifferenceCents;
      const unit =
        Math.max(0, applyBasisPoints(meal.basePriceCents, -plan.itemDiscountBasisPoints)) +
        meal.premiumDifferenceCents;
      return { meal, unit, regular };
    });
    const itemsCents = lines.reduce((sum, line) => sum + line.unit * perMeal, 0);
    const shippingCents = plan.shippingCostCents;
    const taxCents = Math.round(
      ((itemsCents + (place.state.taxesShipping ? shippingCents : 0)) * place.state.taxRateBasisPoints) /
        10_000,
    );
    const totalCents = itemsCents + shippingCents + taxCents;
    const isFirst = index === 0;
    const key = isFirst ? `seed-checkout-${subscription.id}` : `renewal-${subscription.id}-${date}`;
    const placedAt = isFirst ? firstOrderAt : orderCutoff(date);
    const intentId = `pi_test_demo_${subscription.id}_${index + 1}`;
    await tx
      .insert(testPaymentIntents)
      .values({
        id: intentId,
        idempotencyKey: key,
        clientSecret: `${intentId}_secret_demo`,
        amountCents: totalCents,
        currency: 'usd',
        paymentMethodId: DEMO_CARD.id,
        status: 'succeeded',
        capturedCents: totalCents,
        description: `Sprout & Spoon box of ${date}`,
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .onConflictDoNothing();
    const [delivery] = await tx
      .insert(deliveries)
      .values({
        subscriptionId: subscription.id,
        deliveryDate: date,
        cutoffAt: orderCutoff(date),
        status: 'charged',
        weeklyOrdinal: index + 1,
        chargeAttempts: isFirst ? 0 : 1,
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .returning({ id: deliveries.id });
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        subscriptionId: subscription.id,
        // The first box is the checkout's order; later ones are renewals that name their box.
        deliveryId: isFirst ? null : delivery!.id,
        idempotencyKey: key,
        weeklyOrdinal: index + 1,
        status: 'paid',
        email: user.email,
        deliveryDate: date,
        frequencyWeeks: subscription.frequencyWeeks,
        shipFirstName: address.firstName,
        shipLastName: address.lastName,
        shipAddressLine1: address.addressLine1,
        shipAddressLine2: address.addressLine2,
        shipCity: address.city,
        shipStateCode: place.state.code,
        shipZipCode: place.zip,
        phone: address.phone,
        deliveryInstructions: address.deliveryInstructions,
        itemsCents,
        promoDiscountCents: 0,
        orderValueDiscountCents: 0,
        shippingCents,
        shippingBeforeDiscountCents: shippingCents,
        taxCents,
        taxBeforeDiscountCents: taxCents,
        referralCreditsCents: 0,
        creditsAppliedCents: 0,
        giftCardsAppliedCents: 0,
        compedCents: 0,
        totalCents,
        paymentProvider: 'test',
        paymentIntentId: intentId,
        cardBrand: DEMO_CARD.brand,
        cardLast4: DEMO_CARD.last4,
        createdAt: placedAt,
      })
      .returning({ id: orders.id });
    await tx.update(deliveries).set({ orderId: order!.id }).where(eq(deliveries.id, delivery!.id));
    await tx.insert(orderLines).values(
      lines.map(({ meal, unit, regular }) => ({
        orderId: order!.id,
        productId: meal.id,
        isUpsell: false,
        sku: meal.sku,
        name: meal.name,
        quantity: perMeal,
        unitPriceCents: unit,
        regularUnitPriceCents: regular,
      })),
    );
    await tx
      .insert(deliveryItems)
      .values(box.map((meal) => ({ deliveryId: delivery!.id, productId: meal.id, quantity: perMeal })));
  }

  const lastBox = boxOf(past.length - 1);
  const made = await tx
    .insert(deliveries)
    .values(
      upcoming.map((date) => ({
        subscriptionId: subscription.id,
        deliveryDate: date,
        cutoffAt: orderCutoff(date),
        status: 'scheduled' as const,
      })),
    )
    .returning({ id: deliveries.id });
  await tx
    .insert(deliveryItems)
    .values(
      made.flatMap(({ id }) =>
        lastBox.map((meal) => ({ deliveryId: id, productId: meal.id, quantity: perMeal })),
      ),
    );

  await tx
    .update(subscriptions)
    .set({
      nextDeliveryDate: upcoming[0]!,
      paymentProvider: 'test',
      paymentMethodId: DEMO_CARD.id,
      paymentCustomerId: DEMO_CARD.customerId,
      cardBrand: DEMO_CARD.brand,
      cardLast4: DEMO_CARD.last4,
      createdAt: firstOrderAt,
    })
    .where(eq(subscriptions.id, subscription.id));
  return true;
}
