import { giftCardPurchaseFields } from '@sprout/contracts';
import {
  CUSTOM_AMOUNT,
  PURCHASE_FIELDS,
  type PurchaseErrors,
  type PurchaseField,
  readPurchaseForm,
} from './purchase-form';

/**
 * The purchase form checked by the contracts' schema, in the route's action and in the browser.
 * In the browser this module (and zod with it) loads when the visitor first works in the form, not
 * with the page: the page reads, and pays only with JavaScript anyway.
 */

/** The first message of each field, or null when the form is complete. */
export function purchaseFormErrors(
  form: FormData,
  options: { senderEmailRequired: boolean },
): PurchaseErrors | null {
  const values = readPurchaseForm(form);
  const parsed = giftCardPurchaseFields.safeParse(values);
  const errors: PurchaseErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form') as PurchaseField;
      errors[field] ??= issue.message;
    }
  }
  if (options.senderEmailRequired && !values.sender_email) errors.sender_email ??= 'This field is required';
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The check of the one field a control belongs to, when it is left or its change committed (never
 * on each keystroke): the custom amount and the amount's choices are the amount. Null for a control
 * no rule checks, or for picking "Other amount", whose empty field is not yet wrong: it is checked
 * when left.
 */
export function controlCheck(
  form: FormData,
  control: string,
): { field: PurchaseField; error: string | undefined } | null {
  const field = control === 'custom_amount' || control === 'amount_choice' ? 'amount' : control;
  if (!(PURCHASE_FIELDS as readonly string[]).includes(field)) return null;
  if (control === 'amount_choice' && form.get('amount_choice') === CUSTOM_AMOUNT) return null;
  const errors = purchaseFormErrors(form, { senderEmailRequired: true });
  return { field: field as PurchaseField, error: errors?.[field as PurchaseField] };
}
