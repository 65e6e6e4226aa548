import type { ReactNode } from 'react';
import { PasswordInput } from '../auth/AuthParts';
import { TextInput } from '../forms/TextInput';
import type { useContractForm } from '../forms/useContractForm';

/** A text field's props as the details form binds them (id, name, value, error, onInput). */
export type BoundField = ReturnType<ReturnType<typeof useContractForm>['bind']>;

/** The cart has a password already (an earlier Pay saved it): it may be kept or replaced. */
export const SAVED_PASSWORD_HINT =
  'Your password is saved. Leave this empty to keep it, or type a new one (at least 8 characters).';

function Fieldset({
  legend,
  disabled,
  children,
}: {
  legend: string;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="checkout-fieldset" disabled={disabled}>
      <legend className="checkout-fieldset__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function ContactFieldset(props: {
  disabled: boolean;
  email: BoundField;
  firstName: BoundField;
  lastName: BoundField;
}) {
  return (
    <Fieldset legend="Contact" disabled={props.disabled}>
      <TextInput
        {...props.email}
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <div className="checkout-row">
        <TextInput {...props.firstName} label="First name" autoComplete="given-name" required />
        <TextInput {...props.lastName} label="Last name" autoComplete="family-name" required />
      </div>
    </Fieldset>
  );
}

export function AddressFieldset(props: {
  disabled: boolean;
  addressLine1: BoundField;
  addressLine2: BoundField;
  city: BoundField;
  zip: BoundField;
  phone: BoundField;
  instructions: BoundField;
  /** The zip field was edited (its background save's refusal no longer applies). */
  onZipInput(): void;
  /** The zip field was left with this value: looked up (the city, the dates, the state's tax). */
  onZipLeft(value: string): void;
  /** What the lookup found, said politely beside the zip ("Austin, TX · we deliver here"). */
  zipStatus: string;
  receivesSms: boolean;
  onReceivesSmsChange(receives: boolean): void;
}) {
  const { zip } = props;
  return (
    <Fieldset legend="Delivery address" disabled={props.disabled}>
      <TextInput {...props.addressLine1} label="Address" autoComplete="address-line1" required />
      <TextInput
        {...props.addressLine2}
        label="Apartment, suite, etc. (optional)"
        autoComplete="address-line2"
      />
      <div className="checkout-row">
        <TextInput {...props.city} label="City" autoComplete="address-level2" required />
        <TextInput
          {...zip}
          onInput={() => {
            zip.onInput();
            props.onZipInput();
          }}
          onBlur={(event) => props.onZipLeft(event.currentTarget.value.trim())}
          label="Zip code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
          required
        />
      </div>
      <p className="checkout-zip" aria-live="polite">
        {props.zipStatus}
      </p>
      <TextInput {...props.phone} label="Phone" type="tel" autoComplete="tel" inputMode="tel" required />
      <TextInput {...props.instructions} label="Delivery instructions (optional)" maxLength={500} />
      <label className="checkout-checkbox">
        <input
          type="checkbox"
          name="receives_sms_updates"
          value="true"
          checked={props.receivesSms}
          onChange={(event) => props.onReceivesSmsChange(event.target.checked)}
        />
        <span>
          Text me delivery updates
          <span className="checkout-checkbox__hint">
            Message and data rates may apply. Reply STOP to opt out.
          </span>
        </span>
      </label>
    </Fieldset>
  );
}

/**
 * Always shown: a password saved by an earlier Pay (a declined card, a reload) stays changeable
 * here, never kept on the cart out of sight (decision 045).
 */
export function PasswordFieldset(props: { disabled: boolean; askPassword: boolean; password: BoundField }) {
  return (
    <Fieldset legend="Create your account" disabled={props.disabled}>
      <p className="checkout-fieldset__hint" id="checkout-password-hint">
        {props.askPassword
          ? 'At least 8 characters. You will use it to manage your deliveries.'
          : SAVED_PASSWORD_HINT}
      </p>
      <PasswordInput
        {...props.password}
        label={props.askPassword ? 'Password' : 'New password (optional)'}
        autoComplete="new-password"
        aria-describedby="checkout-password-hint"
        required={props.askPassword}
      />
    </Fieldset>
  );
}
