/**
 * How the account's gift card balance pays its boxes (decision 024), in integer cents. Pure:
 * box-charge.ts (decision 039), the one pricing of the account's boxes, the previews and the
 * renewal's lock step, spends the balance box by box with `giftCardShare` (chargeBoxes). A box is priced first
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
