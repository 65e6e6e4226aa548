import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addresses, users } from './accounts';
import { products } from './catalog';
import { partnerships, promoCodes, referralCodes } from './promotions';
import { abandonedCarts, plans } from './sales';

/** Products offered as add-ons at checkout, in this order. */
export const checkoutUpsellProducts = pgTable('checkout_upsell_products', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  sortingWeight: integer().notNull().default(0),
  maxQuantity: integer().notNull().default(6),
});

/** Add-ons on a cart: outside the box threshold, at list price. One line per product. */
export const abandonedCartUpsellItems = pgTable(
  'abandoned_cart_upsell_items',
  {
    cartId: uuid()
      .notNull()
      .references(() => abandonedCarts.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check('abandoned_cart_upsell_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    addressId: integer()
      .notNull()
      .references(() => addresses.id),
    status: text({ enum: ['active', 'paused', 'canceled'] })
      .notNull()
      .default('active'),
    frequencyWeeks: integer().notNull(),
    /** ISO weekday (1 = Monday … 7 = Sunday) of every delivery. */
    deliveryWeekday: integer().notNull(),
    nextDeliveryDate: date({ mode: 'string' }).notNull(),
    /**
     * The card later boxes are charged to, off-session: the provider's id of a payment method saved
     * at first checkout (Stripe `setup_future_usage: off_session`) or replaced in the account.
     */
    paymentProvider: text({ enum: ['test', 'stripe'] }),
    paymentMethodId: text(),
    /** The provider's customer the saved card belongs to (Stripe needs one to charge off-session). */
    paymentCustomerId: text(),
    cardBrand: text(),
    cardLast4: text(),
    /** The code of the first order: its tiers 2, 3 … price the later boxes by their weekly ordinal. */
    promoCodeId: integer().references(() => promoCodes.id),
    partnershipId: integer().references(() => partnerships.id),
    /** A paused subscription resumes by itself on this date (a job); null when not paused. */
    resumeOn: date({ mode: 'string' }),
    /** The "we start again soon" email of a pause, sent once a week before it ends. */
    resumeReminderSentAt: timestamp({ withTimezone: true }),
    pausedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.status),
    check('subscriptions_frequency', sql`${t.frequencyWeeks} in (1, 2, 4)`),
  ],
);

/**
 * One box of a subscription on one date (docs/decisions/021). The next eight exist
 * as rows, so a customer sees, skips and edits each week before it is made. The unique
 * (subscription, date) pair is what makes a renewal run at most once per box, whatever the replicas.
 *
 *   scheduled ─skip→ skipped ─unskip→ scheduled
 *   scheduled ─cutoff job→ locked ─charge→ charged
 *                                 └decline→ failed ─retry→ charged | canceled (subscription paused)
 *                                 └bank asks for 3-D Secure→ failed (authentication_intent_id set)
 *                                     ─customer authenticates→ charged | last try's day passes→ canceled
 *   scheduled | skipped ─cancel/pause→ canceled | skipped
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial().primaryKey(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    deliveryDate: date({ mode: 'string' }).notNull(),
    /**
     * Noon four days before delivery, kitchen time: after it the box is locked, priced and charged.
     * Written when the row is made, by the rule of that day (docs/decisions/054).
     */
    cutoffAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['scheduled', 'skipped', 'locked', 'charged', 'failed', 'canceled'] })
      .notNull()
      .default('scheduled'),
    /** Set when the box is locked: 1 for the first box of the subscription, 2 for the second … */
    weeklyOrdinal: integer(),
    /** The order made for this box, once locked (the first box's order is the checkout's). */
    orderId: integer().references(() => orders.id),
    /** Off-session charges tried for this box; a failed one is tried again after 1 and 3 days. */
    chargeAttempts: integer().notNull().default(0),
    /** When the box's next charge is due, on the jobs' clock (a business time: see chargeClaimedUntil). */
    nextChargeAt: timestamp({ withTimezone: true }),
    /** When its first charge was due: the retries are due 1 and 3 days after it (set at the lock). */
    firstChargeAt: timestamp({ withTimezone: true }),
    /**
     * Passes that have claimed this box's charge. A pass records the charge's outcome only while the
     * count is still the one its claim made: one whose claim was taken over records nothing.
     */
    chargeClaims: integer().notNull().default(0),
    /**
     * The claim's lease, on the database's real now() whatever the jobs' clock says: until then no
     * other pass takes the charge; after it (the claimer died or hangs) the next pass does.
     */
    chargeClaimedUntil: timestamp({ withTimezone: true }),
    /**
     * While the box waits for its customer to authenticate its charge (the bank asked for 3-D Secure
     * off-session): the provider's intent to confirm on-session. Null otherwise (docs/decisions/041).
     */
    authenticationIntentId: text(),
    /** The "edit or skip until …" email, sent once, 24 hours before the cutoff. */
    reminderSentAt: timestamp({ withTimezone: true }),
    /** A one-time discount on this box only (a retention offer), in basis points of the items. */
    oneTimeDiscountBasisPoints: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.subscriptionId, t.deliveryDate),
    index().on(t.status, t.cutoffAt),
    index().on(t.status, t.nextChargeAt),
    check('deliveries_one_time_discount', sql`${t.oneTimeDiscountBasisPoints} between 0 and 10000`),
  ],
);

/** A box's contents: copied from the previous box when the row is made, editable until the cutoff. */
export const deliveryItems = pgTable(
  'delivery_items',
  {
    deliveryId: integer()
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: integer().notNull(),
    /**
     * How many of `quantity` the store picked (the smart box, docs/decisions/055) rather than the
     * customer: the kitchen plan counts them apart. 0 for a dish the customer chose.
     */
    pickedQuantity: integer().notNull().default(0),
    /** Why the store picked it, said to the parent ("Leo loved it twice"); null when chosen. */
    pickReason: text(),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryId, t.productId] }),
    check('delivery_items_picked_within', sql`${t.pickedQuantity} between 0 and ${t.quantity}`),
    index().on(t.productId),
    check('delivery_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * One order per checkout. The unique cart and idempotency key make a second order for the same
 * checkout impossible, whatever the concurrency or the retries.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer().references(() => subscriptions.id),
    /** The checkout's cart for a first order; null for a renewal, which has its delivery instead. */
    abandonedCartId: uuid(),
    /** The box a renewal order was made for; one order per delivery at most. */
    deliveryId: integer(),
    /** `checkout-…` from the browser for a first order; `renewal-{subscription}-{date}` for a renewal. */
    idempotencyKey: text().notNull(),
    /** 1 for the first box of a subscription, 2 for the second …: the promo tier that applied. */
    weeklyOrdinal: integer().notNull().default(1),
    /** paid once captured; payment_pending between the commit and the capture. */
    status: text({ enum: ['paid', 'payment_pending', 'refunded', 'canceled'] }).notNull(),
    email: text().notNull(),
    deliveryDate: date({ mode: 'string' }).notNull(),
    frequencyWeeks: integer().notNull(),
    shipFirstName: text().notNull(),
    shipLastName: text().notNull(),
    shipAddressLine1: text('ship_address_line_1').notNull(),
    shipAddressLine2: text('ship_address_line_2'),
    shipCity: text().notNull(),
    shipStateCode: text().notNull(),
    shipZipCode: text().notNull(),
    phone: text(),
    deliveryInstructions: text(),
    promoCodeId: integer().references(() => promoCodes.id),
    partnershipId: integer().references(() => partnerships.id),
    referralCodeId: integer().references(() => referralCodes.id),
    discountDescription: text(),
    itemsCents: integer().notNull(),
    promoDiscountCents: integer().notNull(),
    orderValueDiscountCents: integer().notNull(),
    shippingCents: integer().notNull(),
    shippingBeforeDiscountCents: integer().notNull(),
    taxCents: integer().notNull(),
    taxBeforeDiscountCents: integer().notNull(),
    referralCreditsCents: integer().notNull(),
    creditsAppliedCents: integer().notNull(),
    giftCardsAppliedCents: integer().notNull(),
    compedCents: integer().notNull(),
    totalCents: integer().notNull(),
    /** 'test' or 'stripe'; null when nothing was due. */
    paymentProvider: text(),
    paymentIntentId: text(),
    /** Capture attempts after the commit that failed; the background job retries with backoff. */
    captureFailures: integer().notNull().default(0),
    cardBrand: text(),
    cardLast4: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.abandonedCartId),
    uniqueIndex().on(t.deliveryId),
    uniqueIndex().on(t.idempotencyKey),
    index().on(t.subscriptionId),
    index().on(t.userId),
    index().on(t.paymentIntentId),
    check('orders_total_not_negative', sql`${t.totalCents} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    isUpsell: boolean().notNull(),
    sku: text().notNull(),
    name: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    regularUnitPriceCents: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId, t.isUpsell] })],
);

/**
 * A card authorization made for a checkout key, recorded as soon as the provider answers. Its
 * status moves once: to 'ordered' inside the transaction that writes the order, or to 'released'
 * when the checkout is refused or abandoned (and the hold is cancelled). Both moves are guarded
 * updates of this row, so an order and a release can never both happen.
 */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    idempotencyKey: text().primaryKey(),
    abandonedCartId: uuid().notNull(),
    /** Null while `pending`: written before the provider is asked, so no hold can go unrecorded. */
    paymentIntentId: text(),
    amountCents: integer().notNull(),
    status: text({ enum: ['pending', 'authorized', 'declined', 'ordered', 'released'] })
      .notNull()
      .default('authorized'),
    /** The exact authorization request: asking again with it finds (or makes, then cancels) the hold. */
    providerRequest: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.createdAt), index().on(t.abandonedCartId, t.createdAt)],
);

/**
 * One-time permissions to open a route (the checkout success page). Consumed by the first visit.
 */
export const routeGrants = pgTable(
  'route_grants',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.route)],
);

/**
 * A cancellation as the customer went through it: the reason, the one offer shown, and what they
 * chose. Kept whatever the outcome, for the admin's reports of reasons and offer acceptance.
 */
export const subscriptionCancellations = pgTable(
  'subscription_cancellations',
  {
    id: serial().primaryKey(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    reason: text({
      enum: ['too_expensive', 'too_much_food', 'kids_did_not_like', 'moving', 'other'],
    }).notNull(),
    details: text(),
    /** The offer shown (its kind and terms, as shown); null when none fitted. */
    offer: jsonb().$type<Record<string, unknown>>(),
    /** offered → accepted | declined; declined is the cancellation itself. */
    outcome: text({ enum: ['offered', 'accepted', 'declined'] })
      .notNull()
      .default('offered'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.subscriptionId, t.createdAt), index().on(t.reason, t.outcome)],
);

/**
 * A refund an admin asked for (decision 027). The admin form's idempotency key is unique, so a
 * double-submitted refund is one refund: the second request finds this row. `pending` is written
 * before the provider is asked, so a refund can never happen without a record of it.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text(),
    reason: text(),
    requestedByUserId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.idempotencyKey),
    index().on(t.orderId),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
