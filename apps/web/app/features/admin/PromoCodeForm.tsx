import type { AdminPromoCode } from '@sprout/contracts';
import { Form, useNavigation } from 'react-router';
import type { ActionResult } from './admin.server';
import { FieldError, FormMessage, fieldInvalid } from './FormMessage';

const TIER_ROWS = 3;
const TIER_TYPES = [
  { value: 'percent_off', label: '% off the items' },
  { value: 'dollars_off', label: '$ off the items' },
  { value: 'products_off', label: 'items free' },
] as const;

const localValue = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

/** The promo code's form, for a new code and for an existing one (a real form: works without JS). */
export function PromoCodeForm({
  code,
  result,
  submitLabel,
}: {
  code: AdminPromoCode | null;
  result: ActionResult | undefined;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const described = (name: string) =>
    fieldInvalid(result, name) ? { 'aria-invalid': true, 'aria-describedby': `promo-${name}-error` } : {};
  return (
    <Form method="post" className="admin-form admin-form--wide">
      <input type="hidden" name="intent" value="save" />
      <div className="admin-field">
        <label htmlFor="promo-code">Code</label>
        <input id="promo-code" name="code" defaultValue={code?.code} required {...described('code')} />
        <FieldError result={result} name="code" id="promo-code-error" />
      </div>
      <div className="admin-field">
        <label htmlFor="promo-description">Banner text</label>
        <input
          id="promo-description"
          name="description"
          defaultValue={code?.description}
          required
          {...described('description')}
        />
        <FieldError result={result} name="description" id="promo-description-error" />
      </div>
      <div className="admin-field">
        <label htmlFor="promo-description_checkout">Checkout text (empty: the banner text)</label>
        <input
          id="promo-description_checkout"
          name="description_checkout"
          defaultValue={code?.description_checkout}
        />
      </div>
      <fieldset className="admin-tiers">
        <legend>Tiers: what each box of a new subscription gets</legend>
        <FieldError result={result} name="tiers" id="promo-tiers-error" />
        {Array.from({ length: TIER_ROWS }, (_, index) => index).map((index) => {
          const tier = code?.tiers.find((candidate) => candidate.weekly_ordinal_number === index + 1);
          return (
            <div className="admin-tier" key={`box-${index + 1}`}>
              <span className="admin-tier__box">Box {index + 1}</span>
              <label>
                <span className="visually-hidden">Box {index + 1} amount</span>
                <input
                  name={`tier_${index}_amount`}
                  inputMode="decimal"
                  defaultValue={tier?.amount ?? ''}
                  size={6}
                />
              </label>
              <label>
                <span className="visually-hidden">Box {index + 1} kind</span>
                <select name={`tier_${index}_type`} defaultValue={tier?.type ?? 'percent_off'}>
                  {TIER_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <input
                  type="checkbox"
                  name={`tier_${index}_free_shipping`}
                  defaultChecked={tier?.free_shipping ?? false}
                />{' '}
                free shipping
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="admin-field">
        <label htmlFor="promo-max_uses">Uses allowed in total (empty: no limit)</label>
        <input
          id="promo-max_uses"
          name="max_uses"
          inputMode="numeric"
          defaultValue={code?.max_uses ?? ''}
          {...described('max_uses')}
        />
        <FieldError result={result} name="max_uses" id="promo-max_uses-error" />
      </div>
      <div className="admin-field">
        <label htmlFor="promo-cart_amount_minimum">Minimum cart in dollars (empty: none)</label>
        <input
          id="promo-cart_amount_minimum"
          name="cart_amount_minimum"
          inputMode="decimal"
          defaultValue={code?.cart_amount_minimum ?? ''}
        />
      </div>
      <div className="admin-field">
        <label htmlFor="promo-starts_at">Starts (UTC, empty: now)</label>
        <input
          id="promo-starts_at"
          type="datetime-local"
          name="starts_at"
          defaultValue={localValue(code?.starts_at ?? null)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor="promo-ends_at">Ends (UTC, empty: never)</label>
        <input
          id="promo-ends_at"
          type="datetime-local"
          name="ends_at"
          defaultValue={localValue(code?.ends_at ?? null)}
          {...described('ends_at')}
        />
        <FieldError result={result} name="ends_at" id="promo-ends_at-error" />
      </div>
      <div className="admin-field admin-field--check">
        <input
          id="promo-once"
          type="checkbox"
          name="once_per_email"
          defaultChecked={code?.once_per_email ?? true}
        />
        <label htmlFor="promo-once">Once per email</label>
      </div>
      <div className="admin-field admin-field--check">
        <input
          id="promo-new"
          type="checkbox"
          name="new_customers_only"
          defaultChecked={code?.new_customers_only ?? false}
        />
        <label htmlFor="promo-new">New customers only</label>
      </div>
      <div className="admin-field admin-field--check">
        <input id="promo-active" type="checkbox" name="is_active" defaultChecked={code?.is_active ?? true} />
        <label htmlFor="promo-active">Active</label>
      </div>
      <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
        {saving ? 'Saving…' : submitLabel}
      </button>
      <FormMessage result={result} intent="save" success="Saved." />
    </Form>
  );
}
