import { latestGiftCardDeliveryDate } from '@sprout/contracts';

/**
 * The purchase form's values, read the same way in the browser (before the card is read) and in
 * the route's action (before the API is called): the contracts' schema checks both
 * (purchase-validation.ts, kept apart because it brings zod: the page loads it when the form is used).
 */
export const PURCHASE_FIELDS = [
  'amount',
  'recipient_name',
  'recipient_email',
  'sender_name',
  'sender_email',
  'message',
  'delivery_date',
] as const;
export type PurchaseField = (typeof PURCHASE_FIELDS)[number];
export type PurchaseErrors = Partial<Record<PurchaseField | 'payment_method_id' | 'form', string>>;

export const CUSTOM_AMOUNT = 'custom';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The amount chosen: a suggestion, or the custom amount typed when "Other amount" is chosen. */
export function chosenAmount(form: FormData): string {
  const choice = text(form, 'amount_choice');
  return choice === CUSTOM_AMOUNT || choice === '' ? text(form, 'custom_amount').trim() : choice;
}

export function readPurchaseForm(form: FormData) {
  const senderEmail = text(form, 'sender_email').trim();
  return {
    amount: chosenAmount(form),
    recipient_name: text(form, 'recipient_name'),
    recipient_email: text(form, 'recipient_email'),
    sender_name: text(form, 'sender_name'),
    ...(senderEmail ? { sender_email: senderEmail } : {}),
    message: text(form, 'message'),
    delivery_date: text(form, 'delivery_date'),
  };
}

/** Today and the same date next year, as the date field's bounds (calendar days in the kitchen's zone). */
export function deliveryDateBounds(today: string): { min: string; max: string } {
  return { min: today, max: latestGiftCardDeliveryDate(today) };
}
