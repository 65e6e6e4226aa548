/**
 * How the account's gift card balance pays its boxes (decision 024), in integer cents. Pure:
 * box-charge.ts (decision 039), the one pricing of the account's boxes, the previews and the
 * renewal's lock step, spends the balance box by box with `giftCardShare`. A box is priced first
 * (credits included, gift cards not); the balance then pays up to what is still due and the saved
 * card is charged the rest.
 */

export type GiftCardShare = {
  /** What the gift card balance pays of this box. */
  giftCardCents: number;
  /** What is left to charge to the saved card. */
  chargeCents: number;
  /** The balance before this box (what the box could take). */
  balanceBeforeCents: number;
  /** The balance left for the boxes after this one. */
  balanceAfterCents: number;
};

/** One box: the balance pays what it can of what is due, never more than either. */
export function giftCardShare(balanceCents: number, dueCents: number): GiftCardShare {
  const balance = Math.max(0, balanceCents);
  const due = Math.max(0, dueCents);
  const giftCardCents = Math.min(balance, due);
  return {
    giftCardCents,
    chargeCents: due - giftCardCents,
    balanceBeforeCents: balance,
    balanceAfterCents: balance - giftCardCents,
  };
}

/**
 * Boxes in date order, each spending what the ones before it left, like the renewals will do box
 * after box. A `null` due is a box that will not be charged (skipped, or already ordered): it
 * takes nothing and answers null.
 */
export function spendBoxByBox(
  balanceCents: number,
  duesInDateOrder: readonly (number | null)[],
): (GiftCardShare | null)[] {
  let balance = Math.max(0, balanceCents);
  return duesInDateOrder.map((due) => {
    if (due === null) return null;
    const share = giftCardShare(balance, due);
    balance = share.balanceAfterCents;
    return share;
  });
}
