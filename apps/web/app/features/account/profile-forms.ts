import {
  emailChangeBody,
  emailChangeVerificationBody,
  passwordChangeBody,
  updateProfileBody,
} from '@sprout/contracts';
import { z } from 'zod';

/**
 * The profile page's four forms: each the API's body plus the `intent` that tells the one action
 * which form was sent (dropped before the API call).
 */
export const profileForm = updateProfileBody
  // A checkbox posts "on" when ticked and nothing when not: the action turns it into the boolean.
  .extend({ intent: z.literal('profile'), receives_sms_updates: z.literal('on').optional() })
  .strict();
export const emailForm = emailChangeBody.extend({ intent: z.literal('email') }).strict();
export const emailCodeForm = emailChangeVerificationBody
  // Where the code went, kept so a wrong code can be tried again on the same page.
  .extend({ intent: z.literal('email-code'), pending_email: z.string().max(320) })
  .strict();
export const passwordForm = passwordChangeBody.safeExtend({ intent: z.literal('password') });

export type ProfileIntent = 'profile' | 'email' | 'email-code' | 'password';
