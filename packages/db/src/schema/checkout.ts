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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId), check('subscriptions_frequency', sql`${t.frequencyWeeks} in (1, 2, 4)`)],
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
    abandonedCartId: uuid().notNull(),
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
    uniqueIndex().on(t.idempotencyKey),
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
