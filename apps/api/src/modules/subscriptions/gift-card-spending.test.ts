import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giftCardShare } from './gift-card-spending';

const cents = fc.integer({ min: 0, max: 1_000_000 });

describe('giftCardShare', () => {
  it('pays what it can and charges the rest, never negative', () => {
    fc.assert(
      fc.property(cents, cents, (balance, due) => {
        const share = giftCardShare(balance, due);
        expect(share.giftCardCents + share.chargeCents).toBe(due);
        expect(share.giftCardCents).toBe(Math.min(balance, due));
        expect(share.chargeCents).toBeGreaterThanOrEqual(0);
        expect(share.balanceAfterCents).toBe(balance - share.giftCardCents);
        expect(share.balanceAfterCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('treats negative inputs as nothing', () => {
    expect(giftCardShare(-500, 1000)).toEqual({
      giftCardCents: 0,
      chargeCents: 1000,
      balanceBeforeCents: 0,
      balanceAfterCents: 0,
    });
    expect(giftCardShare(500, -1).giftCardCents).toBe(0);
  });

  it('a $25 balance on a $18.50 box then a $22 box: the first is free, the second takes $6.50', () => {
    const first = giftCardShare(2500, 1850);
    const second = giftCardShare(first.balanceAfterCents, 2200);
    expect(first).toMatchObject({ giftCardCents: 1850, chargeCents: 0, balanceAfterCents: 650 });
    expect(second).toMatchObject({ giftCardCents: 650, chargeCents: 1550, balanceAfterCents: 0 });
    expect(giftCardShare(second.balanceAfterCents, 2200)).toMatchObject({
      giftCardCents: 0,
      chargeCents: 2200,
    });
  });
});
