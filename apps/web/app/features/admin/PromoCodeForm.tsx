import type { AdminPromoCode } from '@sprout/contracts';
import { Form, useNavigation } from 'react-router';
import { Field } from '../forms/TextInput';
import type { ActionResult } from './admin.server';
import { adminField, FieldError, FormMessage } from './FormMessage';

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
  return (
    <Form method="post" className="admin-form admin-form--wide">
      <input type="hidden" name="intent" value="save" />
      <Field
        id="promo-code"
        label="Code"
        {...adminField(result, 'code')}
        defaultValue={code?.code}
        required
      />
      <Field
        id="promo-description"
        label="Banner text"
        {...adminField(result, 'description')}
        defaultValue={code?.description}
        required
      />
      <Field
        id="promo-description_checkout"
        label="Checkout text (empty: the banner text)"
        {...adminField(result, 'description_checkout')}
        defaultValue={code?.description_checkout}
      />
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
      <Field
        id="promo-max_uses"
        label="Uses allowed in total (empty: no limit)"
        {...adminField(result, 'max_uses')}
        inputMode="numeric"
        defaultValue={code?.max_uses ?? ''}
      />
      <Field
        id="promo-cart_amount_minimum"
        label="Minimum cart in dollars (empty: none)"
        {...adminField(result, 'cart_amount_minimum')}
        inputMode="decimal"
        defaultValue={code?.cart_amount_minimum ?? ''}
      />
      <Field
        id="promo-starts_at"
        label="Starts (UTC, empty: now)"
        {...adminField(result, 'starts_at')}
        type="datetime-local"
        defaultValue={localValue(code?.starts_at ?? null)}
      />
      <Field
        id="promo-ends_at"
        label="Ends (UTC, empty: never)"
        {...adminField(result, 'ends_at')}
        type="datetime-local"
        defaultValue={localValue(code?.ends_at ?? null)}
      />
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
