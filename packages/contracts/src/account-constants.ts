/**
 * The account site's paths and sentences that its browser code reads: this module imports no zod,
 * so a page that shows them does not carry the schemas (scripts/js-budget.mjs, decision 032).
 */

/** Where a box waiting for its customer's 3-D Secure step is paid (the email's link, decision 041). */
export const deliveryPaymentPath = (date: string) => `/account/deliveries/${date}/pay`;

export const DELIVERY_PAYMENT_NOT_WAITING_MESSAGE =
  'This box is no longer waiting for you to confirm its payment. Your account shows where it stands.';
export const DELIVERY_PAID_MESSAGE = 'Thank you: the box is paid.';

/**
 * The plan preview's note when the new box size is more than the next changeable box holds: a box
 * left short is filled up at its cutoff, not sent short (decision 021), so the price is for the
 * full box.
 */
export function boxFilledAtCutoffMessage(itemCount: number, threshold: number): string {
  return (
    `Your next box holds ${itemCount} items. Boxes short of ${threshold} are filled at the cutoff with dishes ` +
    `we pick for you (more of those already in them): add ${threshold - itemCount} more before then to choose them yourself.`
  );
}

/** Above the list of dishes the cutoff adds to a short box (Delivery.filled_items): its price includes them. */
export function filledItemsIntro(threshold: number): string {
  return `To make the box ${threshold} items, we add these at the cutoff (its price includes them):`;
}

/** The account page that resumes a subscription paused by failed charges (the paused email links it). */
export const RESUME_WITH_CARD_PATH = '/account/resume';
