import { formatMoney } from './money';

/**
 * What pays a box, in words (decision 039): the account's gift card balance first, then the saved card.
 * A box paid partly by a gift card, or by an account without a card, must never read "your bank
 * declined" or "charged to your saved card" when no card is there. Every email and account page
 * that says what pays a box takes its sentence from here. Amounts in dollars.
 */
export type BoxPayment = {
  /** What the gift card balance pays (or paid) of the box. */
  giftCards: number;
  /** What is left for the card after it. */
  card: number;
  /** Whether the account has a card to charge. */
  cardOnFile: boolean;
};

const money = (dollars: number) => formatMoney(dollars, { alwaysShowCents: true });

/** What happens at the cutoff, ending "…then it is made and ___." (the reminder email). */
export function boxPaymentAtCutoff({ giftCards, card, cardOnFile }: BoxPayment): string {
  if (giftCards > 0 && card <= 0) return `your gift card balance pays all ${money(giftCards)} of it`;
  const gift = giftCards > 0 ? `your gift card balance pays ${money(giftCards)} and ` : '';
  if (cardOnFile) return `${gift}${money(card)} is charged to your saved card`;
  return `${gift}${money(card)} is left to pay, but there is no card on your account: add one before then`;
}

/** Before the box is charged (the account's box): null when the saved card alone pays it. */
export function boxPaymentPlan({ giftCards, card, cardOnFile }: BoxPayment): string | null {
  if (giftCards <= 0) {
    return cardOnFile
      ? null
      : `There is no card on your account to charge ${money(card)} to. Add a card before the cutoff.`;
  }
  if (card <= 0)
    return `Your gift card balance pays all ${money(giftCards)} of this box: no card is charged.`;
  return cardOnFile
    ? `Your gift card balance pays ${money(giftCards)} of this box; the other ${money(card)} is charged to your card.`
    : `Your gift card balance pays ${money(giftCards)} of this box. It does not cover the other ${money(card)}, and there is no card on your account to charge it to: add a card before the cutoff.`;
}

/** A paid box: null when the card alone paid it. */
export function boxPaymentPaid({ giftCards, card }: Omit<BoxPayment, 'cardOnFile'>): string | null {
  if (giftCards <= 0) return null;
  if (card <= 0) return `Your gift card balance paid all ${money(giftCards)} of this box.`;
  return `Your gift card balance paid ${money(giftCards)} of this box and ${money(card)} was charged to your card.`;
}

/** The charge failed (the failed-charge email, the account's box): what was paid and what was not. */
export function boxPaymentFailure({ giftCards, card, cardOnFile }: BoxPayment): string {
  const paid = giftCards > 0 ? `Your gift card balance paid ${money(giftCards)} of this box. ` : '';
  const rest = giftCards > 0 ? `the other ${money(card)}` : money(card);
  if (!cardOnFile) return `${paid}There is no card on your account to charge ${rest} to.`;
  return `${paid}Your bank declined ${rest}.`;
}

/** The bank asked the customer to confirm the box's charge (3-D Secure, decision 041). */
export function boxPaymentAuthentication({ giftCards, card }: Omit<BoxPayment, 'cardOnFile'>): string {
  const paid = giftCards > 0 ? `Your gift card balance paid ${money(giftCards)} of this box. ` : '';
  const rest = giftCards > 0 ? `the other ${money(card)}` : money(card);
  return `${paid}Your bank asks you to confirm the payment of ${rest} before it is charged to your card.`;
}
