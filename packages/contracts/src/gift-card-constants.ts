/**
 * Gift card amounts, limits and messages without zod: the purchase page's browser code reads them,
 * so this file must stay free of schemas (the schemas in gift-cards.ts are loaded only on submit).
 */

export const GIFT_CARD_MIN_DOLLARS = 25;
export const GIFT_CARD_MAX_DOLLARS = 500;
export const GIFT_CARD_SUGGESTED_DOLLARS = [25, 50, 100, 150] as const;
export const GIFT_CARD_MESSAGE_MAX = 500;
/**
 * The latest day a card's email can be scheduled from `today` (YYYY-MM-DD): the same calendar date
 * a year later, inclusive. 29 February has no twin next year, so its year ahead ends on 28 February.
 * The purchase form's date field and the API's check both read it, so they cannot disagree.
 */
export function latestGiftCardDeliveryDate(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${String(year + 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, daysInMonth)).padStart(2, '0')}`;
}
export const GIFT_CARD_AMOUNT_MESSAGE = `Choose an amount from $${GIFT_CARD_MIN_DOLLARS} to $${GIFT_CARD_MAX_DOLLARS}, in whole dollars`;
export const GIFT_CARD_DELIVERY_DATE_MESSAGE =
  'Choose a delivery date from today up to the same date next year';
export const GIFT_CARD_DELIVERY_DATE_HINT =
  'We email the card on this day: today, or any day up to the same date next year.';
export const GIFT_CARD_CODE_MESSAGE = 'Enter the gift card code from the email';
export const GIFT_CARD_UNKNOWN_MESSAGE = 'This gift card code is not valid. Check it against the email.';
export const GIFT_CARD_EMPTY_MESSAGE = 'This gift card has no balance left.';
export const GIFT_CARD_EXPIRED_MESSAGE = 'This gift card has expired.';
export const GIFT_CARD_VOIDED_MESSAGE = 'This gift card is no longer valid.';
export const GIFT_CARD_OTHER_ACCOUNT_MESSAGE = 'This gift card has been added to another account.';
export const GIFT_CARD_MAX_PER_CHECKOUT = 5;
/** 409 at checkout when another order spent a gift card's balance after it was looked up. */
export const GIFT_CARD_BALANCE_USED_MESSAGE =
  "A gift card's balance was just used by another order, so your total has changed. Please check it and press pay again.";
/** 409 when a purchase with the same key is still being paid by another request (a double submit). */
export const GIFT_CARD_PURCHASE_IN_PROGRESS_MESSAGE =
  'This purchase is already being processed. Please try again in a moment.';
