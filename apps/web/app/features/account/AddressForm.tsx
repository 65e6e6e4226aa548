import { type Address, updateAddressBody } from '@sprout/contracts';
import { Form } from 'react-router';
import { FormMessage, SubmitButton } from '../auth/AuthParts';
import { TextInput } from '../forms/TextInput';
import { type FormActionData, useContractForm } from '../forms/useContractForm';

/** The delivery address, validated by the API's own schema in the browser and again by the action. */
export function AddressForm({
  address,
  state,
  actionData,
}: {
  address: Address;
  /** The saved zip's state: it comes with the zip code, so it is shown, not asked. */
  state: { code: string; name: string } | null;
  actionData: FormActionData | undefined;
}) {
  const form = useContractForm(updateAddressBody, {
    id: 'address',
    lastResult: actionData?.result,
    defaultValue: {
      first_name: address.first_name,
      last_name: address.last_name,
      address_line_1: address.address_line_1,
      address_line_2: address.address_line_2 ?? '',
      city: address.city,
      zip_code: address.zip_code,
      phone: address.phone ?? '',
      delivery_instructions: address.delivery_instructions ?? '',
    },
  });
  const { fields } = form;
  return (
    <Form {...form.formProps} className="account-form">
      <FormMessage ref={form.messageRef} error={form.form.errors?.[0] ?? null} notice={actionData?.notice} />
      <div className="account-form__row">
        <TextInput {...form.bind(fields.first_name)} label="First name" autoComplete="given-name" required />
        <TextInput {...form.bind(fields.last_name)} label="Last name" autoComplete="family-name" required />
      </div>
      <TextInput
        {...form.bind(fields.address_line_1)}
        label="Street address"
        autoComplete="address-line1"
        required
      />
      <TextInput
        {...form.bind(fields.address_line_2)}
        label="Apartment, suite (optional)"
        autoComplete="address-line2"
      />
      <div className="account-form__row">
        <TextInput {...form.bind(fields.city)} label="City" autoComplete="address-level2" required />
        <TextInput
          {...form.bind(fields.zip_code)}
          label="Zip code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          required
        />
      </div>
      <p className="muted account-form__hint" id="address-state">
        {state ? `State: ${state.name} (${state.code}). ` : ''}The city and state come with the zip code; we
        deliver only to the zip codes on our delivery map.
      </p>
      <TextInput {...form.bind(fields.phone)} label="Phone (optional)" type="tel" autoComplete="tel" />
      <TextInput
        {...form.bind(fields.delivery_instructions)}
        label="Delivery instructions (optional)"
        maxLength={500}
      />
      <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Saving…">
        Save address
      </SubmitButton>
    </Form>
  );
}
