/**
 * Why a cart cannot be checked out yet, as per-field messages (a 422 the checkout form shows
 * beside its fields). Pure: the workflow gathers the facts.
 */

export type CheckoutFacts = {
  threshold: number | null;
  itemCount: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  addressLine1: string | null;
  city: string | null;
  phone: string | null;
  zipCodeKnown: boolean;
  zipCodeDelivered: boolean;
  hasPassword: boolean;
  deliveryDateOpen: boolean;
  hasPaymentMethod: boolean;
  /** Why the promo code on the cart no longer applies (its limit went meanwhile…), or null. */
  promoProblem: string | null;
};

export const REQUIRED_MESSAGE = 'This field is required';
export const CARD_REQUIRED_MESSAGE = 'Please enter your card details.';

export function checkoutProblems(facts: CheckoutFacts): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    problems[field] = [message];
  };

  if (facts.threshold === null) add('cart', 'Choose a plan first.');
  else if (facts.itemCount < facts.threshold) {
    const missing = facts.threshold - facts.itemCount;
    add('cart', `Your box needs ${missing} more item${missing === 1 ? '' : 's'}.`);
  } else if (facts.itemCount > facts.threshold) {
    add('cart', `Your box holds ${facts.threshold} items. Remove ${facts.itemCount - facts.threshold}.`);
  }

  const required: [string, string | null][] = [
    ['email', facts.email],
    ['first_name', facts.firstName],
    ['last_name', facts.lastName],
    ['address_line_1', facts.addressLine1],
    ['city', facts.city],
    ['phone', facts.phone],
  ];
  for (const [field, value] of required) {
    if (!value?.trim()) add(field, REQUIRED_MESSAGE);
  }
  if (!facts.zipCodeKnown) add('zip_code_id', REQUIRED_MESSAGE);
  else if (!facts.zipCodeDelivered) add('zip_code_id', "Sorry, we don't deliver to this zip code yet.");
  if (!facts.hasPassword) add('password', 'Choose a password for your new account.');
  if (facts.zipCodeDelivered && !facts.deliveryDateOpen) {
    add('first_delivery_date', 'This delivery date is no longer available. Please choose another.');
  }
  // Never charge more than the customer chose to pay: a code that stopped applying is their call.
  if (facts.promoProblem) add('promo_code', facts.promoProblem);
  // A subscription's later boxes are charged to a saved card, so even a first box that costs $0
  // needs one (saved, nothing charged: decision 036).
  if (!facts.hasPaymentMethod) add('payment_method_id', CARD_REQUIRED_MESSAGE);
  return problems;
}
