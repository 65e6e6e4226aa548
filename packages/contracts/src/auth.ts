import { z } from 'zod';
import { subscription } from './checkout';
import { REQUIRED_MESSAGE } from './constants';
import { currentPassword, emailAddress, newPassword, resetToken, signInCode, usPhone } from './fields';
import { paymentPause } from './lifecycle';

export const SESSION_COOKIE = 'sid';
export const TRUSTED_DEVICE_COOKIE = 'trusted_device';

export const loginBody = z
  .object({
    email: emailAddress,
    password: currentPassword,
  })
  .strict();

export const loginResult = z.object({
  authenticated: z.boolean(),
  nextAction: z.enum(['verification']).nullable(),
  verificationId: z.string().nullable(),
  is_admin: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const verificationBody = z
  .object({
    code: signInCode,
    verificationId: z.string().min(16).max(128),
  })
  .strict();

export const meQuery = z
  .object({ include: z.enum(['address'], { error: 'include must be address' }).optional() })
  .strict();

export const address = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state_id: z.number().int(),
  zip_code_id: z.number().int(),
  zip_code: z.string(),
  phone: z.string().nullable(),
  delivery_instructions: z.string().nullable(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof address>;
export const addressResponse = z.object({
  data: address,
  meta: z.object({}).catchall(z.unknown()).default({}),
});
export const addressParams = z.object({ addressId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const updateAddressBody = z
  .object({
    first_name: z.string().trim().min(1, { error: REQUIRED_MESSAGE }).max(100).optional(),
    last_name: z.string().trim().min(1, { error: REQUIRED_MESSAGE }).max(100).optional(),
    address_line_1: z.string().trim().min(1, { error: REQUIRED_MESSAGE }).max(200).optional(),
    address_line_2: z.string().trim().max(200).nullable().optional(),
    city: z.string().trim().min(1, { error: REQUIRED_MESSAGE }).max(100).optional(),
    zip_code: z.string().trim().max(10).optional(),
    phone: usPhone.nullable().optional(),
    delivery_instructions: z.string().trim().max(500).nullable().optional(),
  })
  .strict();

export const me = z.object({
  id: z.number().int(),
  email: z.string(),
  referral_id: z.string().nullable(),
  is_admin: z.boolean(),
  profile: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  /** The customer's current subscription; null before the first order or once canceled. */
  subscription: subscription.nullable(),
  /**
   * When `subscription` is null because the newest one was canceled: which plan and when (an
   * ISO 8601 instant), so the account says so and offers to reactivate. Absent from sign-in answers.
   */
  canceled_subscription: z
    .object({ id: z.number().int(), plan_name: z.string(), canceled_at: z.string().nullable() })
    .nullable()
    .optional(),
  /**
   * A paused subscription's first box after the pause (YYYY-MM-DD): the day boxes really start
   * again (`subscription.resume_on` is the day the pause ends, not always a delivery day).
   */
  first_box_after_pause: z.string().nullable().optional(),
  /** A subscription paused because its renewal charge failed: why, and what resuming does (decision 040). */
  payment_pause: paymentPause.nullable().optional(),
  /** With include=address: the default delivery address, or null. */
  address: address.nullable().optional(),
});
/** The signed-in user (GET /api/me): the account site's customer, the gift card buyer. */
export type Me = z.infer<typeof me>;
export const meResponse = z.object({ data: me, meta: z.object({}).catchall(z.unknown()).default({}) });

export const passwordResetRequestBody = z.object({ email: emailAddress }).strict();
/**
 * Reset mails one client address may ask for in an hour, whatever the emails (decision 037; the
 * per-account limit of 3 an hour stays): one person asks once or twice, an office a few times.
 */
export const RESET_REQUESTS_PER_CLIENT_PER_HOUR = 10;
export const RESET_REQUESTS_PER_CLIENT_MESSAGE =
  'Too many password reset emails were asked for from your connection. Please wait an hour and try again.';

export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account exists for this email, we have sent a link to reset its password.';

/** The reset page's form: the new password, with the link's email and token in hidden fields. */
export const passwordResetForm = z
  .object({ email: emailAddress, password: newPassword, token: resetToken })
  .strict();

export const completePasswordResetBody = passwordResetForm
  .extend({ password_confirmation: z.string().max(128) })
  .strict()
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'The passwords do not match',
  });

export const tokenResult = z.object({ access_token: z.string(), expires_in: z.number().int() });
export const tokenBody = z.object({ token: z.string().min(20).max(200) }).strict();

export const initialAuthResponse = z.object({
  authenticated: z.boolean(),
  is_admin: z.boolean(),
  user: me.nullable(),
});
/** Who this session is (GET /auth/initial): anonymous, a customer or an admin. */
export type InitialAuth = z.infer<typeof initialAuthResponse>;

/** The social sign-in providers the API knows; the configured ones among them are offered. */
export const socialProviderParams = z.object({ provider: z.enum(['google', 'facebook', 'apple']) });

/** The configured social sign-in providers, by name. */
export const socialProvidersResponse = z.object({ data: z.array(z.string()) });

/** Starting a social sign-in: the cart it starts from comes back with the browser. */
export const socialStartQuery = z.object({ abandoned_cart_id: z.string().max(64).optional() }).strict();

export const routeAccessQuery = z.object({ path: z.string().min(1).max(2000) }).strict();
export const routeAccess = z.object({
  allowed: z.boolean(),
  /** Where to go instead; an absolute URL leaves the site. */
  redirect: z.string().nullable(),
  external: z.boolean(),
});
export const routeAccessResponse = z.object({
  data: routeAccess,
  meta: z.object({}).catchall(z.unknown()).default({}),
});

/** Admin support: act as this customer. */
export const impersonationBody = z.object({ user_id: z.number().int().min(1) }).strict();
export const impersonationResponse = z.object({
  data: z.object({ user_id: z.number().int(), email: z.string() }),
  meta: z.object({}).catchall(z.unknown()).default({}),
});
