import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

describe('the return path after signing in', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeReturnPath('/account/deliveries')).toBe('/account/deliveries');
    expect(safeReturnPath('/account/orders/12?print=1')).toBe('/account/orders/12?print=1');
  });

  it('refuses other sites, schemes, backslashes and control characters', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/account',
      'javascript:alert(1)',
      'account',
      '/account\n/x',
      '/a\\b',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('builds the login address, dropping an unsafe path', () => {
    expect(loginPathFor('/onboarding/login', '/account/plan')).toBe(
      '/onboarding/login?next=%2Faccount%2Fplan',
    );
    expect(loginPathFor('/onboarding/login', '//evil.example')).toBe('/onboarding/login');
  });
});
