import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token from the CSPRNG, URL-safe (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit code, uniformly distributed (leading zeros kept). */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The code's hash is bound to its challenge, so equal codes of two challenges hash differently. */
export function hashCode(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
