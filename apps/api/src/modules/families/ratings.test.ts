import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hashRatingToken,
  newRatingToken,
  PUBLIC_RATING_THRESHOLD,
  publicRating,
  ratingLinkExpiry,
  ratingLinkState,
} from './ratings';

const counts = fc.record({ loved: fc.nat(200), ok: fc.nat(200), refused: fc.nat(200) });

describe('publicRating', () => {
  it('keeps the seeded figure (null) below the threshold, and shows the count from it on', () => {
    fc.assert(
      fc.property(counts, (given) => {
        const total = given.loved + given.ok + given.refused;
        const figure = publicRating(given);
        if (total < PUBLIC_RATING_THRESHOLD) expect(figure).toBeNull();
        else expect(figure?.count).toBe(total);
      }),
    );
  });

  it('is between 1 and 5 stars, with two decimals at most', () => {
    fc.assert(
      fc.property(counts, (given) => {
        const figure = publicRating(given);
        if (!figure) return;
        expect(figure.rating).toBeGreaterThanOrEqual(1);
        expect(figure.rating).toBeLessThanOrEqual(5);
        expect(Math.round(figure.rating * 100)).toBeCloseTo(figure.rating * 100, 6);
      }),
    );
  });

  it('counts loved as 5 stars, ok as 3, refused as 1', () => {
    expect(publicRating({ loved: 5, ok: 0, refused: 0 })).toEqual({ rating: 5, count: 5 });
    expect(publicRating({ loved: 0, ok: 0, refused: 5 })).toEqual({ rating: 1, count: 5 });
    expect(publicRating({ loved: 3, ok: 1, refused: 1 })).toEqual({ rating: 3.8, count: 5 });
    expect(publicRating({ loved: 1, ok: 1, refused: 1 })).toBeNull();
  });

  it('never falls when a refusal becomes a love', () => {
    fc.assert(
      fc.property(counts, (given) => {
        fc.pre(given.refused > 0);
        const before = publicRating(given);
        const after = publicRating({ ...given, refused: given.refused - 1, loved: given.loved + 1 });
        if (before && after) expect(after.rating).toBeGreaterThanOrEqual(before.rating);
      }),
    );
  });
});

describe('the link token', () => {
  it('is new each time, and only its hash is kept: any change to the token changes the hash', () => {
    const token = newRatingToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRatingToken()).not.toBe(token);
    expect(hashRatingToken(token)).toBe(hashRatingToken(token));
    expect(hashRatingToken(token)).not.toContain(token);
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom('A', 'b', '0', '_'), (index, char) => {
        fc.pre(token[index] !== char);
        const tampered = token.slice(0, index) + char + token.slice(index + 1);
        expect(hashRatingToken(tampered)).not.toBe(hashRatingToken(token));
      }),
    );
  });

  it('works through the 14th day after the delivery', () => {
    const expiry = ratingLinkExpiry('2026-12-01');
    expect(expiry.toISOString()).toBe('2026-12-16T00:00:00.000Z');
    const link = { usedAt: null, expiresAt: expiry };
    expect(ratingLinkState(link, new Date('2026-12-15T23:59:59Z'))).toBe('open');
    expect(ratingLinkState(link, new Date('2026-12-16T00:00:00Z'))).toBe('expired');
  });

  it('is closed by its one submit, used before expired', () => {
    const link = { usedAt: new Date('2026-12-03T10:00:00Z'), expiresAt: ratingLinkExpiry('2026-12-01') };
    expect(ratingLinkState(link, new Date('2026-12-04T00:00:00Z'))).toBe('used');
    expect(ratingLinkState(link, new Date('2027-01-04T00:00:00Z'))).toBe('used');
  });
});
