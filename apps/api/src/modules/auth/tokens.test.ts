import { describe, expect, it } from 'vitest';
import { hashCode, hashToken, randomToken, sameHash, sixDigitCode } from './tokens';

describe('tokens', () => {
  it('makes 256-bit URL-safe tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => randomToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes 6-digit codes with leading zeros', () => {
    for (let index = 0; index < 200; index += 1) expect(sixDigitCode()).toMatch(/^\d{6}$/);
  });

  it('hashes and compares in constant time', () => {
    expect(sameHash(hashToken('a'), hashToken('a'))).toBe(true);
    expect(sameHash(hashToken('a'), hashToken('b'))).toBe(false);
    expect(hashCode('one', '123456')).not.toBe(hashCode('two', '123456'));
  });
});
