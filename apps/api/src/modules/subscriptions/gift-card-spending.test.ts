import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giftCardShare, spendBoxByBox } from './gift-card-spending';

const cents = fc.integer({ min: 0, max: 1_000_000 });
const dues = fc.array(fc.option(cents, { nil: null }), { maxLength: 12 });

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

  it('a $25 balance on $18.50 and $22 boxes: the first is free, the second takes $6.50', () => {
    const [first, second, third] = spendBoxByBox(2500, [1850, 2200, 2200]);
    expect(first).toMatchObject({ giftCardCents: 1850, chargeCents: 0, balanceAfterCents: 650 });
    expect(second).toMatchObject({ giftCardCents: 650, chargeCents: 1550, balanceAfterCents: 0 });
    expect(third).toMatchObject({ giftCardCents: 0, chargeCents: 2200 });
  });
});

describe('spendBoxByBox', () => {
  it('never spends more than the balance, nor more than the boxes owe, and is conserved', () => {
    fc.assert(
      fc.property(cents, dues, (balance, list) => {
        const shares = spendBoxByBox(balance, list);
        const spent = shares.reduce((sum, share) => sum + (share?.giftCardCents ?? 0), 0);
        const owed = list.reduce<number>((sum, due) => sum + (due ?? 0), 0);
        expect(spent).toBe(Math.min(balance, owed));
        shares.forEach((share, index) => {
          if (list[index] === null) expect(share).toBeNull();
          else expect(share!.giftCardCents + share!.chargeCents).toBe(list[index]);
        });
      }),
    );
  });

  it('spends in date order: a box is only charged once the balance is gone, and each starts where the last ended', () => {
    fc.assert(
      fc.property(cents, dues, (balance, list) => {
        const shares = spendBoxByBox(balance, list).filter((share) => share !== null);
        let expectedBefore = balance;
        let exhausted = false;
        for (const share of shares) {
          expect(share.balanceBeforeCents).toBe(expectedBefore);
          if (exhausted) expect(share.giftCardCents).toBe(0);
          if (share.chargeCents > 0) exhausted = true;
          expectedBefore = share.balanceAfterCents;
        }
      }),
    );
  });

  it('each box is the single-box rule applied to what the previous left (the renewal calls the same rule)', () => {
    fc.assert(
      fc.property(cents, dues, (balance, list) => {
        const shares = spendBoxByBox(balance, list);
        shares.forEach((share, index) => {
          if (share) expect(share).toEqual(giftCardShare(share.balanceBeforeCents, list[index]!));
        });
      }),
    );
  });
});
