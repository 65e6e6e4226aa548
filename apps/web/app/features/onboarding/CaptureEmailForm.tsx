import { type Ref, useEffect, useReducer, useRef } from 'react';
import { Link } from 'react-router';
import { SocialButtons } from '../auth/SocialButtons';
import { useCartController, useCartState } from '../cart/CartProvider';
import { TextInput } from '../forms/TextInput';
import {
  type CaptureField,
  captureFormReducer,
  initialCaptureForm,
  isSubmitDisabled,
  visibleError,
} from './capture-validation';

type Props = {
  /** After the cart was updated and anything pending was added. */
  onSuccess(): void;
  /** The visitor leaves for the login screen (the popup closes). */
  onLeave?(): void;
  submitLabel?: string;
  emailRef?: Ref<HTMLInputElement>;
};

/**
 * The capture form of spec sections 2 and 5: email and zip code into the abandoned cart, with
 * 'Continue', the configured social sign-ins and the login link. Used by the popup and the signup page.
 */
export function CaptureEmailForm({ onSuccess, onLeave, submitLabel = 'Continue', emailRef }: Props) {
  const controller = useCartController();
  const { onboarding, ui } = useCartState();
  const prefillEmail = onboarding.email ?? onboarding.referee?.email ?? '';
  const prefillZip = onboarding.zipCode ?? '';
  const [form, send] = useReducer(captureFormReducer, undefined, () =>
    initialCaptureForm(prefillEmail, prefillZip, ui.captureErrors),
  );
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The cart may load after the form appears (signup page on a first visit): prefill until edited.
  useEffect(() => {
    if (prefillEmail) send({ type: 'prefill', field: 'email', value: prefillEmail });
  }, [prefillEmail]);
  useEffect(() => {
    if (prefillZip) send({ type: 'prefill', field: 'zipCode', value: prefillZip });
  }, [prefillZip]);

  const disabled = isSubmitDisabled(form);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    send({ type: 'submit' });
    const result = await controller.submitCapture({
      email: form.fields.email.value,
      zipCode: form.fields.zipCode.value,
    });
    if (!mounted.current) return;
    if (result.ok) {
      send({ type: 'submitted', serverErrors: {}, formError: null });
      onSuccess();
      return;
    }
    send({ type: 'submitted', serverErrors: result.fieldErrors, formError: result.message });
  }

  const bind = (field: CaptureField) => ({
    value: form.fields[field].value,
    error: visibleError(form, field),
    onValueChange: (value: string) => send({ type: 'change', field, value }),
    onFocus: () => send({ type: 'focus', field }),
    onBlur: () => send({ type: 'blur', field }),
  });

  return (
    <div className="capture-form">
      <form noValidate onSubmit={submit} aria-busy={form.submitting}>
        <TextInput
          {...bind('email')}
          ref={emailRef}
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <TextInput
          {...bind('zipCode')}
          label="Zip code"
          name="zip"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          required
        />
        {form.formError ? (
          <p className="capture-form__error" role="alert">
            {form.formError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary capture-form__submit" disabled={disabled}>
          {form.submitting ? <span className="spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </form>
      <SocialButtons abandonedCartId={onboarding.abandonedCartId} />
      <p className="capture-form__login">
        Already a customer?{' '}
        <Link to="/onboarding/login" onClick={onLeave}>
          Log in
        </Link>
      </p>
    </div>
  );
}
