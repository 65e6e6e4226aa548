import { EMAIL_IN_USE_MESSAGE, LOGIN_FAILED_MESSAGE } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { knownLoginError } from './onboarding.login';

describe("the login's ?error= allow-list", () => {
  it('shows the messages our pages and the server send', () => {
    expect(knownLoginError(EMAIL_IN_USE_MESSAGE)).toBe('This email is already in use.');
    expect(knownLoginError(LOGIN_FAILED_MESSAGE)).toBe(LOGIN_FAILED_MESSAGE);
    // As URLSearchParams decodes what checkout and the capture popup encode.
    const query = new URLSearchParams({ email: 'robin@example.com', error: EMAIL_IN_USE_MESSAGE });
    expect(knownLoginError(new URLSearchParams(query.toString()).get('error'))).toBe(EMAIL_IN_USE_MESSAGE);
  });

  it('shows nothing for any other text, a near miss, or no text', () => {
    for (const text of [
      'Your account is locked. Call +1 555 0100 to unlock it.',
      '<img src=x onerror=alert(1)>',
      `${EMAIL_IN_USE_MESSAGE} Call us at +1 555 0100.`,
      ` ${EMAIL_IN_USE_MESSAGE}`,
      EMAIL_IN_USE_MESSAGE.toUpperCase(),
      '',
      null,
      undefined,
    ]) {
      expect(knownLoginError(text)).toBeNull();
    }
  });
});
