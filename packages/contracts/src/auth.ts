import { z } from 'zod';

export const LOGIN_FAILED_MESSAGE = 'The email and password combination is incorrect.';
export const SESSION_COOKIE = 'sid';
export const TRUSTED_DEVICE_COOKIE = 'trusted_device';
/** Set on the parent domain by the admin site while an admin acts as a customer. */
export const IMPERSONATION_COOKIE = 'impersonating';

export const loginBody = z
  .object({
    email: z.email({ error: 'Please enter a valid email address' }).max(254),
    password: z.string().min(1, { error: 'This field is required' }).max(128),
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
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from the email' }),
    verificationId: z.string().min(16).max(128),
  })
  .strict();

export const meQuery = z
  .object({ include: z.enum(['address'], { error: 'include must be address' }).optional() })
  .strict();

export const me = z.object({
  id: z.number().int(),
  email: z.string(),
  referral_id: z.string().nullable(),
  is_admin: z.boolean(),
  profile: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  /** The customer's subscription (checkout, issue 6); null until the first order. */
  subscription: z.null(),
  address: z.null().optional(),
});
export const meResponse = z.object({ data: me, meta: z.object({}).catchall(z.unknown()).default({}) });
