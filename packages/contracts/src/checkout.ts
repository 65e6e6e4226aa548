import { z } from 'zod';
import { cartCosts } from './carts';
import { abandonedCartIdSchema, rowId } from './catalog';
import { list, pagedList, resource } from './envelope';
import { GIFT_CARD_MAX_PER_CHECKOUT } from './gift-card-constants';
import { giftCardCode } from './gift-cards';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-12-01' });

/** A first delivery date the customer may pick, with the moment its orders close. */
export const deliveryDateOption = z.object({
  date: isoDate,
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: z.number().int().min(1).max(7),
  /** Orders for this date close at this instant (ISO 8601). */
  order_cutoff_at: z.string(),
});
export type DeliveryDateOption = z.infer<typeof deliveryDateOption>;

export const deliveryDatesResponse = z.object({
  data: z.array(deliveryDateOption),
  meta: z.object({ frequencies_weeks: z.array(z.number().int()), time_zone: z.string() }),
});
export type DeliveryDatesResponse = z.infer<typeof deliveryDatesResponse>;

/** An add-on offered at checkout: outside the box threshold, at its list price. */
export const upsellItem = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  category_name: z.string(),
  image: z.string().nullable(),
  /** The list price of one. */
  price: z.number(),
  /** How many are on this cart, 0 when none. */
  quantity: z.number().int().min(0),
  max_quantity: z.number().int(),
});
export type UpsellItem = z.infer<typeof upsellItem>;

export const upsellItemsQuery = z
  .object({ abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id') })
  .strict();
export const upsellItemsResponse = list(upsellItem);

export const upsellChangeBody = z
  .object({
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id'),
    sku: z.string().trim().min(1).max(64),
  })
  .strict();

/** What the payment provider's browser library needs; never a secret. */
export const paymentConfig = z.object({
  provider: z.enum(['test', 'stripe']),
  /** Stripe's publishable key; null for the embedded test provider. */
  publishable_key: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;
export const paymentConfigResponse = resource(paymentConfig);

export const completeCheckoutBody = z
  .object({
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id'),
    /** Chosen by the browser once per attempt to pay; a repeat with the same key changes nothing. */
    idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, {
      error: 'The idempotency key must be 16 to 100 letters, digits, - or _',
    }),
    /** The provider's token for the card (the card number never reaches this API); omitted when nothing is due. */
    payment_method_id: z.string().trim().min(1).max(255).optional(),
    first_delivery_date: isoDate,
    /**
     * The total the customer saw on the Pay button, in dollars. The server charges only this: a
     * different price (another tab, a tax change, a code that stopped applying) answers 409 first.
     */
    expected_total: z
      .number({ error: 'expected_total must be the total shown, in dollars' })
      .min(0)
      .max(100_000),
    frequency_weeks: z.union([z.literal(1), z.literal(2), z.literal(4)], {
      error: 'Choose every 1, 2 or 4 weeks',
    }),
    /** Gift cards to pay with, in this order, each up to what is left (decision 024). */
    gift_card_codes: z.array(giftCardCode).max(GIFT_CARD_MAX_PER_CHECKOUT).optional(),
  })
  .strict();
export type CompleteCheckoutBody = z.infer<typeof completeCheckoutBody>;

export const orderLine = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total: z.number(),
  /** An add-on from the checkout upsell, outside the box. */
  is_upsell: z.boolean(),
});

export const subscription = z.object({
  id: z.number().int(),
  status: z.enum(['active', 'paused', 'canceled']),
  frequency_weeks: z.number().int(),
  /** ISO weekday of delivery. */
  delivery_weekday: z.number().int(),
  next_delivery_date: isoDate,
  plan: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), threshold: z.number().int() }),
  /** A paused subscription resumes by itself on this date; null otherwise. */
  resume_on: isoDate.nullable(),
});
export type Subscription = z.infer<typeof subscription>;

export const order = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(['paid', 'payment_pending', 'refunded', 'canceled']),
  placed_at: z.string(),
  delivery_date: isoDate,
  frequency_weeks: z.number().int(),
  email: z.string(),
  shipping_address: z.object({
    first_name: z.string(),
    last_name: z.string(),
    address_line_1: z.string(),
    address_line_2: z.string().nullable(),
    city: z.string(),
    state_code: z.string(),
    zip_code: z.string(),
  }),
  lines: z.array(orderLine),
  costs: cartCosts,
  discount_description: z.string().nullable(),
  /**
   * What refunds that succeeded gave back so far (0 to the total). A partial refund leaves the
   * order `paid` (decision 027: it was charged and is delivered), so this is what says it.
   */
  refunded: z.number(),
  payment: z
    .object({
      provider: z.enum(['test', 'stripe']),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
    })
    .nullable(),
});
export type Order = z.infer<typeof order>;

export const completedCheckout = z.object({
  status: z.literal('completed'),
  order,
  subscription,
  user: z.object({ id: z.number().int(), email: z.string() }),
  /** Where the storefront goes next: the success page the order has just been granted. */
  redirect: z.string(),
});

/** The card needs an extra step (3-D Secure): the browser completes it, then submits again with the same key. */
export const checkoutNeedsAction = z.object({
  status: z.literal('requires_action'),
  payment_intent: z.object({ id: z.string(), client_secret: z.string(), amount: z.number() }),
});

export const completeCheckoutResponse = resource(
  z.discriminatedUnion('status', [completedCheckout, checkoutNeedsAction]),
);
export type CompleteCheckoutResponse = z.infer<typeof completeCheckoutResponse>;

/** The success page's one visit: consumes the grant and shows the order it was granted for. */
export const checkoutSuccessResponse = resource(z.object({ order, subscription }));
export type CheckoutSuccess = z.infer<typeof checkoutSuccessResponse>['data'];

export const ordersParams = z.object({ userId: rowId });
export const ordersQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();
export const ordersResponse = pagedList(order);

export const initializedCheckoutBody = z
  .object({
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id'),
    source_url: z.string().max(2000).optional(),
  })
  .strict();
export const marketingEventResponse = resource(z.object({ event_id: z.string() }));
