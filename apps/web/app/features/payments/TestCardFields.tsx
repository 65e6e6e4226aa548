import { cardBrand, cardBrandName, GENERIC_SERVER_ERROR, TEST_CARDS } from '@sprout/contracts';
import { type Ref, type RefObject, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { TextInput } from '../forms/TextInput';
import {
  CARD_FORM_FIELDS,
  type CardForm,
  type CardFormErrors,
  type CardFormField,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  formErrorsFrom,
  paymentMethodBody,
  validateCardForm,
} from './card-input';
import type { PaymentFieldsHandle } from './payment-fields-handle';
import { useTestBankChallenge } from './TestBankDialog';
import { type TestProviderApi, testProviderApi } from './test-provider-api';

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Card fields for the embedded test provider. The inputs have no `name`, so the card can never
 * travel with a form submission: it goes only to the provider's own endpoint, which answers the
 * payment method id that checkout sends to /api.
 */
export function TestCardFields({
  disabled = false,
  ref,
  api,
}: {
  disabled?: boolean;
  ref?: Ref<PaymentFieldsHandle>;
  /** Tests pass their own; the browser's same-origin client otherwise. */
  api?: TestProviderApi;
}) {
  const provider = useMemo(() => api ?? testProviderApi(), [api]);
  const [form, setForm] = useState<CardForm>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFormErrors>({});
  const bank = useTestBankChallenge(provider);
  // The handle's methods run outside React's render: they read the latest values from here.
  const formRef = useRef(form);
  formRef.current = form;
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const inputs: Record<CardFormField, RefObject<HTMLInputElement | null>> = {
    number: numberRef,
    expiry: expiryRef,
    cvc: cvcRef,
  };
  const inputsRef = useRef(inputs);
  inputsRef.current = inputs;

  useImperativeHandle(ref, () => {
    /** Shows the errors and focuses the first bad field; answers its message, or null when none. */
    function showErrors(found: CardFormErrors): string | null {
      setErrors(found);
      const field = CARD_FORM_FIELDS.find((name) => found[name]);
      if (!field) return null;
      inputsRef.current[field].current?.focus();
      return found[field] ?? null;
    }

    return {
      async createPaymentMethod() {
        const current = formRef.current;
        const local = showErrors(validateCardForm(current));
        if (local) return { error: local };
        const body = paymentMethodBody(current);
        if (!body) return { error: GENERIC_SERVER_ERROR };
        const result = await provider.createPaymentMethod(body);
        if (result.kind === 'ok') return { id: result.data.id };
        if (result.kind === 'aborted') return { error: GENERIC_SERVER_ERROR };
        if (result.error.kind === 'validation') {
          const fromServer = showErrors(formErrorsFrom(result.error.fieldErrors));
          if (fromServer) return { error: fromServer };
        }
        return { error: result.error.message };
      },
      // Resolves after the dialog is gone (its cleanup has put focus back where it was, on the Pay
      // button), so checkout decides where focus goes next from there.
      handleNextAction: ({ paymentIntentId, clientSecret, amount }) =>
        bank.handleNextAction({ paymentIntentId, clientSecret, amount }),
    };
  }, [provider, bank.handleNextAction]);

  function change(field: CardFormField, value: string) {
    setForm((previous) => ({ ...previous, [field]: value }));
    // A field that changes loses its error until it is checked again.
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  }

  /** A field the customer leaves with something in it is checked right away. */
  function checkOnBlur(field: CardFormField) {
    const current = formRef.current;
    if (current[field] === '') return;
    const message = validateCardForm(current)[field];
    setErrors((previous) => ({ ...previous, [field]: message }));
  }

  const brand = cardBrand(form.number);
  const [example, ...others] = TEST_CARDS;

  return (
    <div className="payment-fields">
      <TextInput
        ref={numberRef}
        label="Card number"
        value={form.number}
        onValueChange={(value) => change('number', formatCardNumber(value))}
        onBlur={() => checkOnBlur('number')}
        error={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        autoCorrect="off"
        spellCheck={false}
        disabled={disabled}
        suffix={
          cardBrandName(brand) ? (
            <span className="payment-fields__brand">{cardBrandName(brand)}</span>
          ) : undefined
        }
      />
      <div className="payment-fields__row">
        <TextInput
          ref={expiryRef}
          label="Expiry (MM / YY)"
          value={form.expiry}
          onValueChange={(value) => change('expiry', formatExpiry(value))}
          onBlur={() => checkOnBlur('expiry')}
          error={errors.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          disabled={disabled}
        />
        <TextInput
          ref={cvcRef}
          label="CVC"
          value={form.cvc}
          onValueChange={(value) => change('cvc', formatCvc(value))}
          onBlur={() => checkOnBlur('cvc')}
          error={errors.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          disabled={disabled}
        />
      </div>
      <div className="payment-fields__hint">
        <p>
          <strong>Test mode:</strong> use {spaced(example!.number)}, any future date, any CVC.
        </p>
        <ul>
          {others
            .filter((card) => card.behavior !== 'succeed')
            .map((card) => (
              <li key={card.number}>
                <span className="payment-fields__test-number">{spaced(card.number)}</span>: {card.label}
              </li>
            ))}
        </ul>
      </div>
      {bank.dialog}
    </div>
  );
}
