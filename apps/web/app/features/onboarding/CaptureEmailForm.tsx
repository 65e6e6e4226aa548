import { captureDetailsForm } from '@sprout/contracts';
import { type Ref, useEffect } from 'react';
import { Link } from 'react-router';
import { SocialButtons } from '../auth/SocialButtons';
import type { Pending } from '../cart/pending';
import { CART_ACTION, PendingFields, ReturnTo, useCartFetcher, useCartView } from '../cart/useCart';
import { TextInput } from '../forms/TextInput';
import { useContractForm } from '../forms/useContractForm';

type Props = {
  /** The form's id: the popup's and the signup page's are different forms. */
  formId?: string;
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
 * The capture form: email and zip code into the abandoned cart, with 'Continue', the configured
 * social sign-ins and the login link. Used by the popup and the signup page.
 */
export function CaptureEmailForm({
  formId = 'capture',
  onSuccess,
  onLeave,
  pending = null,
  next,
  submitLabel = 'Continue',
  emailRef,
}: Props) {
  const { data } = useCartView();
  const fetcher = useCartFetcher('cart-details', { fieldErrorsInForm: true });
  // The action's answer: conform's reply (errors keyed by field, cleared on edit), or done.
  const outcome =
    fetcher.state === 'idle' && fetcher.data?.intent === 'update-details' ? fetcher.data : undefined;
  const form = useContractForm(captureDetailsForm, {
    id: formId,
    lastResult: outcome?.result,
    defaultValue: {
      email: data?.email ?? data?.referee?.email ?? '',
      zip_code: data?.zip_code ?? '',
    },
    pending: fetcher.state !== 'idle',
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is handled once
  useEffect(() => {
    // Where we don't deliver yet the form stays, saying so (and another zip can be tried).
    if (outcome?.ok && !outcome.waitlist) onSuccess?.();
  }, [outcome]);

  return (
    <div className="capture-form">
      <fetcher.Form {...form.formProps} action={CART_ACTION}>
        <input type="hidden" name="intent" value="update-details" />
        <PendingFields pending={pending} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <ReturnTo />
        <TextInput
          {...form.bind(form.fields.email)}
          ref={emailRef}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <TextInput
          {...form.bind(form.fields.zip_code)}
          label="Zip code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          required
        />
        {outcome?.waitlist ? (
          <p className="capture-form__waitlist" role="status">
            {outcome.waitlist}
          </p>
        ) : null}
        {form.form.errors?.[0] ? (
          <p ref={form.messageRef} className="capture-form__error" role="alert" tabIndex={-1}>
            {form.form.errors[0]}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary capture-form__submit"
          disabled={form.disabled}
        >
          {form.submitting ? <span className="spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </fetcher.Form>
      <SocialButtons abandonedCartId={data?.id ?? null} />
      <p className="capture-form__login">
        Already a customer?{' '}
        <Link to="/onboarding/login" onClick={onLeave}>
          Log in
        </Link>
      </p>
    </div>
  );
}
