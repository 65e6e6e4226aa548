import { describe, expect, it } from 'vitest';
import { nextLoginStep } from './login-routing';

const base = { authenticated: false, nextAction: null, verificationId: null, is_admin: false } as const;

describe('the login-result routing decision', () => {
  it('asks for the code when not authenticated and the next action is verification', () => {
    expect(nextLoginStep({ ...base, nextAction: 'verification', verificationId: 'abc/123' })).toEqual({
      kind: 'verification',
      to: '/onboarding/verification?code=abc%2F123',
    });
  });

  it('sends an admin to the admin site', () => {
    expect(nextLoginStep({ ...base, authenticated: true, is_admin: true })).toEqual({
      kind: 'admin',
      to: '/admin',
    });
    expect(
      nextLoginStep(
        { ...base, authenticated: true, is_admin: true },
        { account: '/account', admin: 'https://admin.example.com/' },
      ),
    ).toEqual({ kind: 'admin', to: 'https://admin.example.com/' });
  });

  it('signs a customer in and goes to the account site', () => {
    expect(nextLoginStep({ ...base, authenticated: true })).toEqual({ kind: 'signed-in', to: '/account' });
  });

  it('authenticated wins over a stale verification request', () => {
    expect(
      nextLoginStep({ ...base, authenticated: true, nextAction: 'verification', verificationId: 'x' }).kind,
    ).toBe('signed-in');
  });

  it('is a failure when neither signed in nor asked for a code', () => {
    expect(nextLoginStep(base)).toEqual({ kind: 'failed' });
    expect(nextLoginStep({ ...base, nextAction: 'verification' })).toEqual({ kind: 'failed' });
  });
});
