import { giftCardPurchaseFields } from '@sprout/contracts';
import { type PurchaseErrors, type PurchaseField, readPurchaseForm } from './purchase-form';

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
