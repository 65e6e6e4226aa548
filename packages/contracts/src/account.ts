import { z } from 'zod';
import { cartCosts } from './carts';
import { rowId } from './catalog';
import { order, subscription } from './checkout';
import { list, resource } from './envelope';

/**
 * The account site's API: a customer's upcoming boxes, their subscription, saved card and
 * referrals. Every route needs a customer session: 401 without, 403 for another's data.
 */

/** How many upcoming boxes exist as rows a customer can see, skip and edit (decision 021). */
export const UPCOMING_DELIVERY_COUNT = 8;

export const DELIVERY_STATUSES = ['scheduled', 'skipped', 'locked', 'charged', 'failed', 'canceled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-12-01' });

export const deliveryItem = z.object({
  sku: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  category_name: z.string(),
  quantity: z.number().int().min(1),
  /** The price of one under the subscription's plan, in dollars. */
  unit_price: z.number(),
  total: z.number(),
  /**
   * How many of `quantity` the store picked for the family (the smart box, decision 055): 0 for a
   * dish the customer chose. A changed dish becomes chosen.
   */
  picked_quantity: z.number().int().min(0),
  /** Why the store picked it ("Leo loved it twice"); null when chosen. */
  pick_reason: z.string().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;

export const delivery = z.object({
  date: isoDate,
  status: z.enum(DELIVERY_STATUSES),
  /** After this instant (ISO 8601) the box is locked, priced and charged; until then it can change. */
  cutoff_at: z.string(),
  /** Scheduled and before its cutoff: items can change and it can be skipped. */
  editable: z.boolean(),
  /** Skipped and before its cutoff: it can be brought back. */
  can_unskip: z.boolean(),
  /** 1 for the subscription's first box, 2 for the second …; the promo tier it gets. Null while unknown. */
  weekly_ordinal: z.number().int().nullable(),
  items: z.array(deliveryItem),
  item_count: z.number().int(),
  /** The plan's box size: the items must add up to this for the box to be made. */
  threshold: z.number().int(),
  /**
   * The dishes the store adds at the cutoff to fill a box short of the plan's size (decision 021),
   * more of those already in it: the box is priced with them (costs), so the customer sees them
   * before confirming. Empty when the box is full, skipped or already made.
   */
  filled_items: z.array(deliveryItem),
  /** What this box costs (or cost, once charged), every line of it. */
  costs: cartCosts,
  discount_description: z.string().nullable(),
  /** The order made at the cutoff; null before. */
  order: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** What pays the box (decision 039): the sentence to show, from ./box-payment, and the facts behind it. */
  payment: z.object({
    /** What the gift card balance covers and what it does not; null when the card alone pays. */
    note: z.string().nullable(),
    /** The account has a card to charge. */
    card_on_file: z.boolean(),
    /**
     * The bank asked the customer to confirm the box's charge (3-D Secure): it is paid at
     * `/account/deliveries/{date}/pay` until its last try's day (decision 041).
     */
    authentication_required: z.boolean(),
  }),
});
export type Delivery = z.infer<typeof delivery>;

/**
 * POST /api/me/deliveries/{date}/payment: pays a box whose bank asked its customer to confirm the
 * charge. `requires_action`: run the provider's 3-D Secure step with the client secret, then ask
 * again; `paid`: the box is paid (`amount` charged); `declined`: the bank refused (`message`).
 */
export const deliveryPayment = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid'), amount: z.number() }),
  z.object({
    status: z.literal('requires_action'),
    amount: z.number(),
    payment_intent_id: z.string(),
    client_secret: z.string(),
  }),
  z.object({ status: z.literal('declined'), amount: z.number(), message: z.string() }),
]);
export type DeliveryPayment = z.infer<typeof deliveryPayment>;
export const deliveryPaymentResponse = resource(deliveryPayment);
export type DeliveryPaymentResponse = z.infer<typeof deliveryPaymentResponse>;

/** 409: the box is not waiting for a confirmation (paid another way, or its last day passed). */

export const deliveriesResponse = list(delivery);
export type DeliveriesResponse = z.infer<typeof deliveriesResponse>;
export const deliveryResponse = resource(delivery);

export const deliveryParams = z.object({ date: isoDate });

/** Sets one product's quantity in a box, absolutely (0 removes it); the plan's threshold is the cap. */
export const deliveryItemBody = z
  .object({
    sku: z.string().trim().min(1).max(64),
    quantity: z.number({ error: 'Quantity must be a whole number' }).int().min(0).max(100),
    /**
     * The parent was told the dish holds a child's allergen (or breaks their diet) and adds it
     * anyway: without it such an add is refused once with `allergen_warning` (docs/decisions/055).
     */
    accept_allergens: z.boolean().optional(),
  })
  .strict();
export type DeliveryItemBody = z.infer<typeof deliveryItemBody>;

/**
 * What a box may hold (docs/decisions/039): the one rule of the storefront's cart, the account's box
 * editor and the renewal at the cutoff. Any product on sale, meals, snacks and smoothies alike (the
 * menus sell snacks and smoothies to add to any box), every item counted against the plan's size.
 * Taking a product out (quantity 0) is always allowed, whatever the product has become, so nothing
 * is ever stuck in a box; a product no longer on sale is left out of the box made at the cutoff.
 */
export function boxMayHold(product: { active: boolean } | null | undefined, quantity: number): boolean {
  if (!product) return false;
  return quantity === 0 || product.active;
}

/** The refusal of a product the box may not hold (boxMayHold), in the cart and the box editor alike. */
export const notInBoxMessage = (sku: string) => `There is no product ${sku} on the menu.`;

/** Plan, frequency and delivery weekday: effective from the next box that is not locked. */
export const updateSubscriptionBody = z
  .object({
    plan_id: rowId.optional(),
    frequency_weeks: z
      .union([z.literal(1), z.literal(2), z.literal(4)], { error: 'Choose every 1, 2 or 4 weeks' })
      .optional(),
    delivery_weekday: z.number().int().min(1, { error: 'Choose a delivery day' }).max(7).optional(),
  })
  .strict();
export type UpdateSubscriptionBody = z.infer<typeof updateSubscriptionBody>;

/**
 * The answer to a subscription change, and to its preview (`POST /api/me/subscription/preview`,
 * which saves nothing): the subscription as it would be and its next box with the new price.
 */
export const subscriptionChange = z.object({
  subscription,
  next_delivery: delivery.nullable(),
});
export const subscriptionChangeResponse = resource(subscriptionChange);
export type SubscriptionChange = z.infer<typeof subscriptionChange>;

export const savedPaymentMethod = z.object({
  provider: z.enum(['test', 'stripe']),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethod>;
export const paymentMethodResponse = resource(savedPaymentMethod.nullable());

/** Replaces the card later boxes are charged to: the provider's token from its card form. */
export const updatePaymentMethodBody = z
  .object({ payment_method_id: z.string().trim().min(1, { error: 'Enter your card details' }).max(255) })
  .strict();

export const referralEntry = z.object({
  /** The friend's first name only: the rest of their details are theirs. */
  first_name: z.string().nullable(),
  /** pending until the friend's first box is delivered, then earned. */
  status: z.enum(['pending', 'earned']),
  amount: z.number(),
  date: z.string(),
});

export const referrals = z.object({
  code: z.string(),
  share_url: z.string(),
  /** What a friend gets, in words ("$30 off your first box"). */
  friend_offer: z.string().nullable(),
  credits: z.object({
    earned: z.number(),
    pending: z.number(),
    /** Earned credit not yet spent on a box. */
    available: z.number(),
  }),
  referrals: z.array(referralEntry),
});
export type Referrals = z.infer<typeof referrals>;
export const referralsResponse = resource(referrals);

/** One of the signed-in customer's orders (the receipt): another customer's is a 403. */
export const accountOrderParams = z.object({ orderId: rowId });
export const accountOrderResponse = resource(order);

/** A replaced card, and what happened to the boxes that had failed on the old one (retried at once). */
export const paymentMethodChangeResponse = z.object({
  data: savedPaymentMethod,
  meta: z.object({
    retried_deliveries: z.array(z.object({ date: isoDate, status: z.enum(DELIVERY_STATUSES) })),
  }),
});
export type PaymentMethodChangeResponse = z.infer<typeof paymentMethodChangeResponse>;
