import { z } from 'zod';
import { abandonedCart } from './carts';
import { PROMO_CODE_MAX_LENGTH, PROMO_REQUIRED_MESSAGE } from './constants';
import { requiredString } from './fields';
import { promoCode } from './promo-codes';

/** A promo code as typed: missing or blank asks for one (the API's words and the form's). */
const promoCodeText = requiredString(PROMO_REQUIRED_MESSAGE)
  .trim()
  .min(1, { error: PROMO_REQUIRED_MESSAGE })
  .max(PROMO_CODE_MAX_LENGTH);

/** The cart panel's promo code form (its field is `code`, the API body's). */
export const promoCodeForm = z.object({ code: promoCodeText });

export const applyPromoCodeBody = promoCodeForm.strict();

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
  cart: abandonedCart,
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

/** The promo code on the visitor's cart takes no query: the cart comes from its cookie. */
export const mePromoCodeQuery = z.object({}).strict();

export const mePromoCodeResponse = z.object({
  data: promoCode.nullable(),
  meta: z.object({}).catchall(z.unknown()).default({}),
});
