import { z } from 'zod';
import {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  MAX_EMAIL_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
} from './constants';

/**
 * The fields people type into, with the words they read when one is wrong. The API's bodies and the
 * storefront's forms are built from these, so a rule or a message is written once. A form sends an
 * empty field as nothing at all (conform drops empty strings), so "missing" and "empty" both say
 * the field is required.
 */
export const CODE_MESSAGE = 'Enter the 6-digit code from the email';
export const RESET_LINK_INVALID_MESSAGE = 'This reset link is not valid. Ask for a new one.';

/**
 * A string a person must give: a missing one says `message`; a value of another type (a number sent
 * by a script) falls through to the contracts' general wording ("Enter text.").
 */
export const requiredString = (message: string = REQUIRED_MESSAGE) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined),
  });

export const tooLongMessage = (max: number) => `At most ${max} characters`;

export const emailAddress = requiredString()
  .trim()
  .min(1, { error: REQUIRED_MESSAGE })
  .max(MAX_EMAIL_LENGTH, { error: INVALID_EMAIL_MESSAGE })
  .regex(EMAIL_PATTERN, { error: INVALID_EMAIL_MESSAGE });

/** A password being typed to sign in: anything but nothing. */
export const currentPassword = requiredString()
  .min(1, { error: REQUIRED_MESSAGE })
  .max(128, { error: tooLongMessage(128) });

/** A password being chosen. */
export const newPassword = requiredString()
  .min(MIN_PASSWORD_LENGTH, { error: PASSWORD_LENGTH_MESSAGE })
  .max(128, { error: tooLongMessage(128) });

export const signInCode = requiredString()
  .trim()
  .regex(/^\d{6}$/, { error: CODE_MESSAGE });

/** The one-time token of an emailed reset link (its page checks it before showing the form). */
export const resetToken = z
  .string({ error: RESET_LINK_INVALID_MESSAGE })
  .min(20, { error: RESET_LINK_INVALID_MESSAGE })
  .max(200, { error: RESET_LINK_INVALID_MESSAGE });

export const PHONE_MESSAGE = 'Please enter a valid US phone number';
export const usPhone = requiredString()
  .trim()
  .regex(/^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/, { error: PHONE_MESSAGE });

export const ZIP_CODE_MESSAGE = 'Please enter a 5-digit zip code';
export const zipCodeText = requiredString()
  .trim()
  .regex(/^\d{5}$/, { error: ZIP_CODE_MESSAGE });

/** A first or last name a person gives (their profile, an admin made by `npm run admin`). */
export const personName = z
  .string({ error: (issue) => (issue.input === undefined ? REQUIRED_MESSAGE : 'Enter text.') })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE })
  .max(100, { error: tooLongMessage(100) });

/** Text a person may leave out, up to `max` characters. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(max) });

/** Text a person must give, up to `max` characters. */
export const requiredText = (max: number) =>
  requiredString()
    .trim()
    .min(1, { error: REQUIRED_MESSAGE })
    .max(max, { error: tooLongMessage(max) });
