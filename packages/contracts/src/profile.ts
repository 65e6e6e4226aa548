import { z } from 'zod';
import { resource } from './envelope';
import { currentPassword, emailAddress, newPassword, personName, signInCode } from './fields';

/**
 * The account site's profile: name, SMS opt-in, email (changed only once the new address proves it
 * receives mail) and password. Every route needs a customer session.
 */

export const profile = z.object({
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  receives_sms_updates: z.boolean(),
  /** False for an account made through a social provider that never chose a password. */
  has_password: z.boolean(),
  /** A new email waiting for its code, or null. */
  pending_email: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = resource(profile);

/** Only the fields sent change. */
export const updateProfileBody = z
  .object({
    first_name: personName.optional(),
    last_name: personName.optional(),
    receives_sms_updates: z.boolean({ error: 'Choose whether to get text messages' }).optional(),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const EMAIL_CHANGE_CODE_MINUTES = 30;
export const EMAIL_OF_ANOTHER_ACCOUNT_MESSAGE =
  'Another account uses this email. Sign in to that account, or choose another email.';
export const EMAIL_UNCHANGED_MESSAGE = 'This is already your email.';
export const WRONG_PASSWORD_MESSAGE = 'That is not your current password.';

/**
 * Asks for an email change: a 6-digit code goes to the NEW address; the email changes only when the
 * code comes back. The current password proves the person at the keyboard owns the account (an
 * account without a password, made through a social provider, leaves it out).
 */
export const emailChangeBody = z
  .object({ email: emailAddress, current_password: currentPassword.optional() })
  .strict();
export type EmailChangeBody = z.infer<typeof emailChangeBody>;

export const emailChangeStarted = z.object({
  /** Sent back with the code: binds the code to this request. */
  verification_id: z.string(),
  /** Where the code went. */
  pending_email: z.string(),
  expires_in_minutes: z.number().int(),
});
export const emailChangeStartedResponse = resource(emailChangeStarted);

export const emailChangeVerificationBody = z
  .object({ verification_id: z.string().min(16).max(128), code: signInCode })
  .strict();
export type EmailChangeVerificationBody = z.infer<typeof emailChangeVerificationBody>;

/** Current and new password; every other session of the account ends. */
export const passwordChangeBody = z
  .object({
    current_password: currentPassword,
    password: newPassword,
    password_confirmation: z.string().max(128),
  })
  .strict()
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'The passwords do not match',
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
