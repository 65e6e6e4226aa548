/**
 * Checkout's frequencies, messages and paths without zod: the account, gift card and checkout pages'
 * browser code reads them, so this file must stay free of schemas.
 */

/** How often the box comes: every 1, 2 or 4 weeks (design.md "Delivery"). */
export const DELIVERY_FREQUENCIES_WEEKS = [1, 2, 4] as const;
export type DeliveryFrequencyWeeks = (typeof DELIVERY_FREQUENCIES_WEEKS)[number];

/** 409 when the price changed since it was shown; the storefront re-reads the cart and shows the new total. */
export const PRICE_CHANGED_MESSAGE =
  'The total of your order has changed. Please check it and press pay again.';

export const CARD_DECLINED_MESSAGE = 'Your card was declined. Please use another card.';
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
