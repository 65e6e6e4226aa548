import { createHash, randomBytes } from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH, normalizeGiftCardCode } from '@sprout/contracts';

/**
 * Gift card codes (docs/decisions/024): 28 characters of a 32-letter alphabet, so 140 random bits
 * from the CSPRNG. Each character takes 5 bits of one random byte (256 is a multiple of 32, so
 * every character is equally likely). Stored only as a SHA-256: a code that long cannot be found
 * by hashing guesses, so a slow password hash would only cost every checkout time.
 */
export const CODE_BITS = GIFT_CARD_CODE_LENGTH * Math.log2(GIFT_CARD_CODE_ALPHABET.length);
/** Support reads this much of a code from a customer to tell cards apart; useless for spending. */
export const SUFFIX_LENGTH = 4;

export function generateGiftCardCode(random: (size: number) => Uint8Array = randomBytes): string {
  const bytes = random(GIFT_CARD_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += GIFT_CARD_CODE_ALPHABET[byte & 31];
  return code;
}

export function hashGiftCardCode(normalized: string): string {
  return createHash('sha256').update(`gift-card:${normalized}`).digest('hex');
}

export function codeSuffix(normalized: string): string {
  return normalized.slice(-SUFFIX_LENGTH);
}

/** What a typed code is looked up by, or null when it cannot be a code at all. */
export function lookupKeyOf(typed: string): { hash: string; suffix: string } | null {
  const normalized = normalizeGiftCardCode(typed);
  return normalized ? { hash: hashGiftCardCode(normalized), suffix: codeSuffix(normalized) } : null;
}
