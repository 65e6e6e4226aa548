import { z } from 'zod';
import { abandonedCartIdSchema, product, rowId } from './catalog';
import { resource } from './envelope';
import { cartChangeErrorBodies, validationErrorBody } from './errors';
import { emailAddress, newPassword, optionalText, requiredText, usPhone, zipCodeText } from './fields';
import { promoCode } from './promo-codes';
import { plainText } from './text';

/** The cart's costs as the server computes them, in dollars. */
export const cartCosts = z.object({
  cart_items: z.number(),
  order_value_discount: z.number(),
  promo_code_cost: z.number(),
  gift_cards_amount_applied: z.number(),
  gift_cards_amount_available: z.number(),
  comped_amount_applied: z.number(),
  referral_credits_amount_applied: z.number(),
  shipping_cost: z.number(),
  shipping_cost_before_discount: z.number(),
  tax_cost: z.number(),
  tax_cost_before_discount: z.number(),
  credits_applied_amount: z.number(),
  total_cost: z.number(),
});
export type CartCosts = z.infer<typeof cartCosts>;

export const cartItem = product.extend({
  quantity: z.number().int().min(1),
  total_cost: z.number(),
  total_cost_before_discount: z.number(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartPlan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  threshold: z.number().int(),
});

export const cart = z.object({
  id: z.string(),
  items: z.array(cartItem),
  /** Items counted against the plan threshold. */
  item_count: z.number().int(),
  /** The plan's threshold, or null before a plan is chosen. */
  threshold: z.number().int().nullable(),
  /** Checkout add-ons (upsell): outside the threshold, at list price, included in cart_items. */
  upsell_items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      total_cost: z.number(),
    }),
  ),
  costs: cartCosts,
  /** The applied code's checkout description: the costs block's discount line. */
  discount_description: z.string().nullable(),
  /** Present with include=promoCode; null when no code is applied. */
  promo_code: promoCode.nullable().optional(),
});
export type Cart = z.infer<typeof cart>;

const person = z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() });

export const abandonedCart = z.object({
  id: z.string(),
  email: z.string().nullable(),
  profile_id: z.number().int().nullable(),
  plan_id: z.number().int().nullable(),
  plan: cartPlan.nullable(),
  filters: z.object({ indicators: z.array(z.string()), tags: z.array(z.string()) }),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  state_id: z.number().int().nullable(),
  zip_code_id: z.number().int().nullable(),
  /** The five-digit code of zip_code_id, for display. */
  zip_code: z.string().nullable(),
  /** Whether we deliver to zip_code_id (null before a zip is known). */
  is_zip_code_delivered: z.boolean().nullable(),
  delivery_instructions: z.string().nullable(),
  receives_sms_updates: z.boolean(),
  has_password: z.boolean(),
  price_variance_group_id: z.number().int().nullable(),
  partnership: z
    .object({ code: z.string(), description: z.string(), max_order_value: z.number() })
    .nullable(),
  referral_code: z.string().nullable(),
  referral_code_status: z.string().nullable(),
  referrer: person.nullable(),
  referee: person.extend({ email: z.string().nullable() }).nullable(),
  on_referral_redemption_limit: z.boolean(),
  is_ready_to_checkout: z.boolean(),
  is_ready_to_complete_checkout: z.boolean(),
  cart,
});
export type AbandonedCart = z.infer<typeof abandonedCart>;

export const pixel = z.object({
  /** 'Lead' when an email is first captured, 'AddToCart' when a quantity goes up. */
  name: z.string(),
  /** Shared with the server-side event so the ad platforms de-duplicate browser and server hits. */
  event_id: z.string(),
  value: z.number().optional(),
});
export type Pixel = z.infer<typeof pixel>;

export const cartDifference = z.object({
  sku: z.string(),
  name: z.string(),
  /** Change in quantity (negative when removing). */
  quantity: z.number().int(),
  /** Quantity after the change. */
  quantity_absolute: z.number().int(),
  price: z.number(),
  /** price × quantity (the change), in dollars. */
  total: z.number(),
  category_name: z.string(),
});
export type CartDifference = z.infer<typeof cartDifference>;

export const abandonedCartResponse = resource(abandonedCart);
export type AbandonedCartResponse = z.infer<typeof abandonedCartResponse>;

/**
 * POST /api/customers/abandoned-carts answers the call's documented names, `abandonedCartId` and
 * `cart` (its items and costs, as on every cart answer), beside the cart's other fields and its
 * `id`, which the storefront and older clients read.
 */
export const createdAbandonedCart = abandonedCart.extend({
  abandonedCartId: z
    .string()
    .meta({ description: "The new cart's id (the same as `id`), under the call's documented name" }),
});
export type CreatedAbandonedCart = z.infer<typeof createdAbandonedCart>;
export const createdAbandonedCartResponse = resource(createdAbandonedCart);

export const abandonedCartParams = z.object({
  cartId: abandonedCartIdSchema('cartId'),
});
export const abandonedCartQuery = z
  .object({ include: z.enum(['promoCode'], { error: 'include must be promoCode' }).optional() })
  .strict();

/** Every field optional: the storefront drops empty values and sends what changed. */
export const updateAbandonedCartBody = z
  .object({
    email: emailAddress.optional(),
    first_name: optionalText(100).optional(),
    last_name: optionalText(100).optional(),
    address_line_1: optionalText(200).optional(),
    address_line_2: optionalText(200).optional(),
    city: optionalText(100).optional(),
    state_id: rowId.optional(),
    zip_code_id: rowId.optional(),
    /**
     * The five-digit code, as typed: the server resolves it to zip_code_id and state_id. Its errors
     * are reported on zip_code_id, the capture form's field.
     */
    zip_code: z.string().trim().max(10).optional(),
    delivery_instructions: optionalText(500).optional(),
    phone: usPhone.optional(),
    page: optionalText(200).optional(),
    location: optionalText(100).optional(),
    receives_sms_updates: z.boolean().optional(),
    password: newPassword.optional(),
  })
  .strict();
export type UpdateAbandonedCartBody = z.infer<typeof updateAbandonedCartBody>;

/**
 * The checkout's contact and delivery details as a person fills them in: the cart update's fields,
 * with those an order needs required. The password is asked only of a cart without one.
 */
export const checkoutDetailsForm = z.object({
  email: emailAddress,
  first_name: requiredText(100),
  last_name: requiredText(100),
  address_line_1: requiredText(200),
  address_line_2: optionalText(200).optional(),
  city: requiredText(100),
  zip_code: zipCodeText,
  phone: usPhone,
  delivery_instructions: optionalText(500).optional(),
  password: newPassword,
});

/**
 * The capture form (popup and signup page): the email and the five-digit zip code a cart needs
 * before a box is filled. The zip is resolved (and refused when unknown) by the cart update.
 */
export const captureDetailsForm = z.object({ email: emailAddress, zip_code: zipCodeText });

/**
 * A zip code we don't deliver to yet, captured with an email: the email is kept as a waitlist lead
 * (a lead for when we reach them), and the visitor is told instead of being sent on to fill a box.
 */
export const waitlistPlace = z.object({ zip_code: z.string(), city: z.string(), state_code: z.string() });
export type WaitlistPlace = z.infer<typeof waitlistPlace>;

export function waitlistMessage(place: WaitlistPlace, email: string): string {
  return `We don't deliver to ${place.city}, ${place.state_code} (${place.zip_code}) yet. We've kept your email, ${email}, and we'll write to you as soon as we do.`;
}

export const updateAbandonedCartResponse = z.object({
  data: abandonedCart,
  /** waitlist: present when this change made the visitor a waitlist lead. */
  meta: z.object({ pixels: z.array(pixel), waitlist: waitlistPlace.optional() }),
});

const sourceUrl = plainText().max(2000).optional();

export const setCartItemBody = z
  .object({
    sku: z.string().trim().min(1).max(64),
    quantity: z.number().int().min(0, { error: 'Quantity cannot be negative' }).max(999),
    source_url: sourceUrl,
    /**
     * The storefront's order of asking (decision 052): an add to a cart without an email and zip
     * is refused with `details_required` instead of saved.
     */
    details_first: z.boolean().optional(),
  })
  .strict();
export type SetCartItemBody = z.infer<typeof setCartItemBody>;

/**
 * Why a cart item change was refused, typed (decision 052): the API decides what a box may hold
 * and which plan fits; the storefront only shows it. Sent beside the 422's field errors. `adding`:
 * how many of the product the change adds (what waits for the details, the plan or a bigger box).
 */
export const cartItemRefusal = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('box_full'),
    message: z.string(),
    /** How many items the box would hold with the change. */
    needed: z.number().int(),
    /** How many of the product the change adds (what waits for the bigger plan). */
    adding: z.number().int(),
    /** The smallest plan that holds them; null when none does. */
    plan: z
      .object({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        threshold: z.number().int(),
        /** The plan's full box at its cheapest, for this cart's price group (as the plans list says). */
        box_price_from: z.number(),
      })
      .nullable(),
  }),
  z.object({ code: z.literal('plan_required'), message: z.string(), adding: z.number().int() }),
  z.object({ code: z.literal('details_required'), message: z.string(), adding: z.number().int() }),
]);
export type CartItemRefusal = z.infer<typeof cartItemRefusal>;
export type BoxFullRefusal = Extract<CartItemRefusal, { code: 'box_full' }>;

/** The item change's refusals: a 422 may carry the typed reason. */
export const setCartItemErrorBodies = {
  ...cartChangeErrorBodies,
  422: validationErrorBody.extend({ refusal: cartItemRefusal.optional() }),
};

export const setCartItemResponse = z.object({
  data: abandonedCart,
  meta: z.object({ difference: z.object({ data: cartDifference }), pixels: z.array(pixel) }),
});
export type SetCartItemResponse = z.infer<typeof setCartItemResponse>;

/**
 * Dishes (by SKU) or a ready-made box waiting for the visitor's details, a plan or a bigger plan
 * (docs/decisions/045): added in one change, where the API decides what fits.
 */
export const waitingItems = z.union([
  z
    .object({
      items: z
        .array(
          z
            .object({ sku: z.string().trim().min(1).max(64), quantity: z.number().int().min(1).max(99) })
            .strict(),
        )
        .min(1)
        .max(50),
    })
    .strict(),
  z.object({ bestseller_group_id: rowId }).strict(),
]);
export type WaitingItems = z.infer<typeof waitingItems>;

/**
 * Adds what waited in one change. Refused (422, `refusal` typed as an item change's) when the cart
 * has no plan, has no email and zip (with `details_first`), or cannot hold it all: `box_full` names
 * the smallest plan that can. `as_far_as_fits` (a link's box) adds what fits and leaves out what
 * the menu does not have instead of asking.
 */
export const addCartItemsBody = z
  .object({
    waiting: waitingItems,
    source_url: sourceUrl,
    details_first: z.boolean().optional(),
    as_far_as_fits: z.boolean().optional(),
  })
  .strict();
export type AddCartItemsBody = z.infer<typeof addCartItemsBody>;

/**
 * The plan, and what waited for it (docs/decisions/045): the waiting items land on the first plan
 * that holds the box and them all, in the same change. A plan too small for the box empties it
 * unless `keep_items`, which refuses instead (`empties_box`, to ask first).
 */
export const selectPlanBody = z
  .object({
    plan_id: rowId,
    source_url: sourceUrl,
    waiting: waitingItems.optional(),
    keep_items: z.boolean().optional(),
  })
  .strict();
export type SelectPlanBody = z.infer<typeof selectPlanBody>;

/** Why a plan choice was refused: it would empty the box (asked first), or what waits needs details first. */
export const planChoiceRefusal = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('empties_box'),
    message: z.string(),
    /** The plan the choice lands on (a bigger one when what waits needs it). */
    plan_id: z.number().int(),
    item_count: z.number().int(),
    threshold: z.number().int(),
  }),
  z.object({ code: z.literal('details_required'), message: z.string(), adding: z.number().int() }),
]);
export type PlanChoiceRefusal = z.infer<typeof planChoiceRefusal>;

export const selectPlanResponse = z.object({
  data: abandonedCart,
  meta: z.object({
    event_id: z.string(),
    /** What to tell the visitor: the box emptied to fit, what waited moved to a bigger plan. */
    notices: z.array(z.string()),
    /** The slug of the plan chosen instead of the one asked, because what waited needed it. */
    upgraded_to: z.string().nullable(),
  }),
});
export const selectPlanErrorBodies = {
  ...cartChangeErrorBodies,
  422: validationErrorBody.extend({ refusal: planChoiceRefusal.optional() }),
};

export const cartFiltersBody = z
  .object({ indicators: z.array(z.string().max(64)).max(50), tags: z.array(z.string().max(64)).max(50) })
  .strict();

export const fillWithBestsellersParams = abandonedCartParams.extend({ bestsellerGroupId: rowId });
export const fillWithBestsellersBody = z.object({ source_url: sourceUrl }).strict();

/** The cart comes from the visitor's cookie: the query takes nothing. */
export const categoryQuantitiesQuery = z.object({}).strict();

export const categoryQuantitiesResponse = z.object({
  data: z.array(
    z.object({ category_id: z.number().int(), category_slug: z.string(), quantity: z.number().int() }),
  ),
  meta: z.object({}).catchall(z.unknown()).default({}),
});
