import { z } from 'zod';

// The promo code a cart carries: its own file, so carts.ts and promotions.ts (whose referral answer
// holds a cart) import it without importing each other.

export const promoTier = z.object({
  id: z.number().int(),
  type: z.enum(['products_off', 'percent_off', 'dollars_off']),
  /** products_off: items; percent_off: percent; dollars_off: dollars. */
  amount: z.number(),
  weekly_ordinal_number: z.number().int(),
  free_shipping: z.boolean(),
  free_tax: z.boolean(),
  code: z.string(),
});
export type PromoTier = z.infer<typeof promoTier>;

export const promoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  description_checkout: z.string(),
  cart_amount_minimum: z.number().nullable(),
  cart_amount_maximum: z.number().nullable(),
  aggregate_dollars_off_amount: z.number(),
  show_banner: z.boolean(),
  show_banner_checkout: z.boolean(),
  regulations: z.array(promoTier),
  /** False while the cart is outside the code's rules (for example below its minimum). */
  is_applicable: z.boolean(),
  inapplicable_reason: z.string().nullable(),
});
export type PromoCode = z.infer<typeof promoCode>;
