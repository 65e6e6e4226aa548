/**
 * Checkout's frequencies, messages and paths without zod: the account, gift card and checkout pages'
 * browser code reads them, so this file must stay free of schemas.
 */

/** How often the box comes: every 1, 2 or 4 weeks (decision 021). */
export const DELIVERY_FREQUENCIES_WEEKS = [1, 2, 4] as const;
export type DeliveryFrequencyWeeks = (typeof DELIVERY_FREQUENCIES_WEEKS)[number];

/** 409 when the price changed since it was shown; the storefront re-reads the cart and shows the new total. */
export const PRICE_CHANGED_MESSAGE =
  'The total of your order has changed. Please check it and press pay again.';

export const CARD_DECLINED_MESSAGE = 'Your card was declined. Please use another card.';

/**
 * A saved card belongs to the one account it was saved for (as a processor attaches a card to one
 * customer): another account naming its id is refused with this (422 on payment_method_id).
 */
export const CARD_OF_ANOTHER_ACCOUNT_MESSAGE =
  'This card is saved to another account. Please enter your card details again.';
export const CHECKOUT_SUCCESS_PATH = '/onboarding/checkout/success';

/**
 * 409 when other payments with the same card are being asked about and did not finish in time
 * (checkout and gift card purchases): nothing was declined, the same press can simply be repeated.
 */
export const CARD_IN_USE_MESSAGE =
  'This card is being used for other payments at this very moment. Please press pay again in a moment.';

/** 409 when other payments for the same order are being asked about and did not finish in time. */
export const ORDER_PAYMENT_IN_PROGRESS_MESSAGE =
  'Another payment for this order is being processed. Please wait a moment and press pay again.';

/**
 * What the checkout page says above the card when the first box costs $0 (decision 036): a
 * subscription's next boxes are charged to a saved card, so the card is still asked for, saved by
 * the provider and charged nothing today.
 */
export const FIRST_BOX_FREE_MESSAGE =
  'Your first box is free: we save your card for your next boxes and charge nothing today.';
export const FIRST_BOX_PAID_BY_GIFT_CARDS_MESSAGE =
  'Your gift cards cover your first box: we charge nothing today and save your card for your next boxes, once what is left on your gift cards is spent.';

/**
 * A delivery address's city and state are the zip code's (the store knows each zip's city and
 * state): a city that contradicts the zip is refused (422 on city), so "New York, IL 60601" never
 * reaches a courier. Compared without case, spacing or dots ("st. louis" is "St Louis").
 */
export function isCityOfZip(city: string, zipCity: string): boolean {
  const plain = (value: string) => value.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
  return plain(city) === plain(zipCity);
}

/** 422 on city (checkout and the account's addresses): a city other than the zip code's. */
export function cityNotOfZipMessage(zip: { code: string; city: string; stateCode: string }): string {
  return `${zip.code} is in ${zip.city}, ${zip.stateCode}. Change the city to ${zip.city} or check the zip code.`;
}

/** 422 on state_id: a state other than the zip code's. */
export function stateNotOfZipMessage(zip: { code: string; stateName: string }): string {
  return `${zip.code} is in ${zip.stateName}. Change the state to ${zip.stateName} or check the zip code.`;
}
