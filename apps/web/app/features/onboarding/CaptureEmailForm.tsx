import { type Ref, useEffect, useReducer } from 'react';
import { Link } from 'react-router';
import { camelCaseFieldErrors } from '../../lib/api';
import { SocialButtons } from '../auth/SocialButtons';
import type { Pending } from '../cart/pending';
import {
  CART_ACTION,
  PendingFields,
  ReturnTo,
  useCartFetcher,
  useCartView,
  useHydrated,
} from '../cart/useCart';
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
  onSuccess?(): void;
  /** What waits for the details (a product, a ready-made box), added right after them. */
  pending?: Pending | null;
  /** Where to go once the details are saved (the signup page's next step). */
  next?: string;
  /** The visitor leaves for the login screen (the popup closes). */
  onLeave?(): void;
  submitLabel?: string;
  emailRef?: Ref<HTMLInputElement>;
};

/**
 * The capture form of spec sections 2 and 5: email and zip code into the abandoned cart, with
 * 'Continue', the configured social sign-ins and the login link. Used by the popup and the signup page.
 */
export function CaptureEmailForm({
  onSuccess,
  onLeave,
  pending = null,
  next,
  submitLabel = 'Continue',
  emailRef,
}: Props) {
  const { onboarding } = useCartView();
  const fetcher = useCartFetcher('cart-details');
  const prefillEmail = onboarding?.email ?? onboarding?.referee?.email ?? '';
  const prefillZip = onboarding?.zipCode ?? '';
  const [form, send] = useReducer(captureFormReducer, undefined, () =>
    initialCaptureForm(prefillEmail, prefillZip),
  );

  // The action's answer: errors keyed by field (cleared on edit), or done.
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is handled once
  useEffect(() => {
    if (outcome?.intent !== 'update-details') return;
    if (outcome.ok) {
      send({ type: 'submitted', serverErrors: {}, formError: null });
      // Where we don't deliver yet the form stays, saying so (and another zip can be tried).
      if (!outcome.waitlist) onSuccess?.();
      return;
    }
    const serverErrors = camelCaseFieldErrors(outcome.errors ?? {});
    send({ type: 'submitted', serverErrors, formError: outcome.errors ? null : (outcome.message ?? null) });
  }, [outcome]);

  // The cart may load after the form appears (signup page on a first visit): prefill until edited.
  useEffect(() => {
    if (prefillEmail) send({ type: 'prefill', field: 'email', value: prefillEmail });
  }, [prefillEmail]);
  useEffect(() => {
    if (prefillZip) send({ type: 'prefill', field: 'zipCode', value: prefillZip });
  }, [prefillZip]);

  const waitlist = outcome?.intent === 'update-details' ? outcome.waitlist : undefined;

  // Before hydration the browser's own form post does the work: nothing to wait for.
  const hydrated = useHydrated();
  const disabled = hydrated && isSubmitDisabled(form);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    if (disabled) {
      event.preventDefault();
      return;
    }
    send({ type: 'submit' });
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
      <fetcher.Form
        method="post"
        action={CART_ACTION}
        noValidate
        onSubmit={submit}
        aria-busy={form.submitting}
      >
        <input type="hidden" name="intent" value="update-details" />
        <PendingFields pending={pending} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <ReturnTo />
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
          name="zip_code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          required
        />
        {waitlist ? (
          <p className="capture-form__waitlist" role="status">
            {waitlist}
          </p>
        ) : null}
        {form.formError ? (
          <p className="capture-form__error" role="alert">
            {form.formError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary capture-form__submit" disabled={disabled}>
          {form.submitting ? <span className="spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </fetcher.Form>
      <SocialButtons abandonedCartId={onboarding?.abandonedCartId ?? null} />
      <p className="capture-form__login">
        Already a customer?{' '}
        <Link to="/onboarding/login" onClick={onLeave}>
          Log in
        </Link>
      </p>
    </div>
  );
}
