import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  normalizeGiftCardCode,
} from '@sprout/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_BITS, codeSuffix, generateGiftCardCode, hashGiftCardCode, lookupKeyOf } from './codes';

const codeArbitrary = fc
  .array(fc.constantFrom(...GIFT_CARD_CODE_ALPHABET), {
    minLength: GIFT_CARD_CODE_LENGTH,
    maxLength: GIFT_CARD_CODE_LENGTH,
  })
  .map((chars) => chars.join(''));

describe('gift card codes', () => {
  it('carry at least 128 random bits', () => {
    expect(CODE_BITS).toBeGreaterThanOrEqual(128);
    const code = generateGiftCardCode();
    expect(code).toHaveLength(GIFT_CARD_CODE_LENGTH);
    expect(normalizeGiftCardCode(code)).toBe(code);
  });

  it('use every character of the alphabet from random bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: GIFT_CARD_CODE_LENGTH, maxLength: GIFT_CARD_CODE_LENGTH }),
        (bytes) => {
          const code = generateGiftCardCode(() => bytes);
          expect([...code].every((char) => GIFT_CARD_CODE_ALPHABET.includes(char))).toBe(true);
          expect(code[0]).toBe(GIFT_CARD_CODE_ALPHABET[bytes[0]! & 31]);
        },
      ),
    );
  });

  it('read back from their groups, whatever case, spaces and look-alike letters', () => {
    fc.assert(
      fc.property(codeArbitrary, fc.boolean(), (code, spaced) => {
        const shown = formatGiftCardCode(code);
        expect(shown).toMatch(/^([0-9A-Z]{4}-){6}[0-9A-Z]{4}$/);
        const typed = (spaced ? shown.replaceAll('-', ' ') : shown).toLowerCase().replaceAll('0', 'o');
        expect(normalizeGiftCardCode(typed)).toBe(code);
        expect(lookupKeyOf(typed)).toEqual({ hash: hashGiftCardCode(code), suffix: codeSuffix(code) });
      }),
    );
  });

  it('refuse what cannot be a code', () => {
    expect(normalizeGiftCardCode('')).toBeNull();
    expect(normalizeGiftCardCode('ABCD-EFGH')).toBeNull();
    expect(normalizeGiftCardCode('U'.repeat(GIFT_CARD_CODE_LENGTH))).toBeNull();
    expect(lookupKeyOf('nope')).toBeNull();
  });

  it('hash to distinct values and keep a four-character suffix', () => {
    const a = generateGiftCardCode();
    const b = generateGiftCardCode();
    expect(hashGiftCardCode(a)).not.toBe(hashGiftCardCode(b));
    expect(hashGiftCardCode(a)).not.toContain(a);
    expect(codeSuffix(a)).toBe(a.slice(-4));
  });
});
