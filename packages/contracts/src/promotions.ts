import { z } from 'zod';
import { abandonedCart } from './carts';

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

export const applyPromoCodeBody = z
  .object({ code: z.string().trim().min(1, { error: 'Please enter a promo code' }).max(64) })
  .strict();

export const applyReferralCodeBody = z
  .object({
    referral_code: z.string().trim().min(1, { error: 'Please enter a referral code' }).max(64),
    refereeEmail: z.email({ error: 'Please enter a valid email address' }).max(254),
  })
  .strict();

export const referralResult = z.object({
  referrer: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  referee: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
  }),
  // Lazy: carts.ts and this file refer to each other.
  cart: z.lazy(() => abandonedCart),
  referral_code: z.string(),
  referral_code_status: z.enum(['applied', 'invalid', 'own_code', 'existing_customer', 'limit_reached']),
  on_referral_redemption_limit: z.boolean(),
});
export const referralResponse = z.object({
  data: referralResult,
  meta: z.object({}).catchall(z.unknown()).default({}),
});

export const appSettingGroup = z.object({ group: z.string(), values: z.record(z.string(), z.unknown()) });
export const appSettingsResponse = z.object({
  data: z.array(appSettingGroup),
  meta: z.object({}).catchall(z.unknown()).default({}),
});

export const mePromoCodeResponse = z.object({
  data: promoCode.nullable(),
  meta: z.object({}).catchall(z.unknown()).default({}),
});
