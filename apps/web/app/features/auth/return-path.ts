import { loginBody, verificationBody } from '@sprout/contracts';
import { z } from 'zod';

/** The login's query parameter naming the page to go back to after signing in. */
export const RETURN_PARAM = 'next';

/**
 * A page to go back to after signing in, only when it is a path on this site: a link cannot send
 * a customer who just signed in to another site (no `//host`, no `/\host`, no scheme, no control
 * characters). Null otherwise.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

/** The hidden field the sign-in forms carry the return path in (dropped before the API call). */
const returnField = z.string().max(2000).optional();

/** The login form: the API's body and the page to go back to. */
export const loginForm = loginBody.extend({ [RETURN_PARAM]: returnField }).strict();
/** The verification form: the API's body and the page to go back to. */
export const verificationForm = verificationBody.extend({ [RETURN_PARAM]: returnField }).strict();

/** The login's address for a page that needs a customer: back to that page after signing in. */
export function loginPathFor(loginPath: string, returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${loginPath}?${new URLSearchParams({ [RETURN_PARAM]: safe })}` : loginPath;
}
