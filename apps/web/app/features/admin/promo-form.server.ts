import { checkbox, numberField, text } from './admin.server';

/** The tier rows the form shows: the first box, the second, the third (empty rows are ignored). */
export const PROMO_FORM_TIERS = 3;

/** A datetime-local value (read as UTC, as the form says) as ISO 8601; null when empty. */
function utcInstant(value: string | undefined): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : value;
}

/** The promo code form as the API's body (adminPromoCodeBody checks it). */
export function promoCodeInput(form: FormData) {
  const tiers = [];
  for (let index = 0; index < PROMO_FORM_TIERS; index += 1) {
    const amount = numberField(form, `tier_${index}_amount`);
    if (amount === undefined) continue;
    tiers.push({
      weekly_ordinal_number: index + 1,
      type: text(form, `tier_${index}_type`),
      amount,
      free_shipping: checkbox(form, `tier_${index}_free_shipping`),
      free_tax: false,
    });
  }
  const maxUses = numberField(form, 'max_uses');
  const minimum = numberField(form, 'cart_amount_minimum');
  return {
    code: text(form, 'code'),
    description: text(form, 'description'),
    description_checkout: text(form, 'description_checkout') || text(form, 'description'),
    cart_amount_minimum: minimum ?? null,
    cart_amount_maximum: null,
    starts_at: utcInstant(text(form, 'starts_at')),
    ends_at: utcInstant(text(form, 'ends_at')),
    max_uses: maxUses ?? null,
    once_per_email: checkbox(form, 'once_per_email'),
    new_customers_only: checkbox(form, 'new_customers_only'),
    is_active: checkbox(form, 'is_active'),
    tiers,
  };
}
