import { PROMO_CODE_MAX_LENGTH, promoCodeForm } from '@sprout/contracts';
import { useEffect, useId, useRef } from 'react';
import { CART_ACTION, ReturnTo, useCartFetcher, useCartView } from '../cart/useCart';
import { TextInput } from '../forms/TextInput';
import { useContractForm } from '../forms/useContractForm';

/**
 * The cart panel's promo code: a field with Apply, or the applied code with Remove (spec sections 4,
 * 5 and 8), posted to the cart action and checked by `promoCodeForm` there and here. A failure
 * shows the server's first promo_code error, else 'Promo Code is invalid.'. A code the cart does
 * not qualify for yet stays applied and says why.
 */
export function PromoCodeForm() {
  const { cart, data } = useCartView();
  const fetcher = useCartFetcher('cart-promo');
  const headingId = useId();
  const reasonId = useId();
  const removeRef = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const sending =
    fetcher.state !== 'idle' ? (fetcher.formData?.get('intent') as string | undefined) : undefined;
  const working: 'apply' | 'remove' | null =
    sending === 'apply-promo' ? 'apply' : sending === 'remove-promo' ? 'remove' : null;

  const promo = cart.promo_code;
  const partnership = data?.partnership ?? null;
  const applied = [promo?.code, partnership?.code].filter((value): value is string => Boolean(value));
  const hasCode = applied.length > 0;

  // The answer: conform's reply (the error under the field, cleared on edit), or the code swapped
  // for its chip (focus follows).
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  const form = useContractForm(promoCodeForm, {
    id: 'promo-code',
    lastResult: outcome?.intent === 'apply-promo' ? outcome.result : undefined,
    pending: working !== null,
  });
  const fieldError = form.bind(form.fields.code).error;
  const error = hasCode
    ? outcome && !outcome.ok && outcome.intent === 'remove-promo'
      ? (outcome.message ?? null)
      : null
    : fieldError;
  useEffect(() => {
    if (!outcome?.ok) return;
    if (outcome.intent === 'apply-promo') removeRef.current?.focus();
    else document.getElementById(form.fields.code.id)?.focus();
  }, [outcome, form.fields.code.id]);

  // The message grows the panel's scrolling body under the field: bring it into view, so it is
  // never left under the totals that stick at the panel's foot (defect 8).
  useEffect(() => {
    if (error) sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const reason = promo && !promo.is_applicable ? promo.inapplicable_reason : null;

  return (
    <section ref={sectionRef} className="promo-code" aria-labelledby={headingId} aria-busy={working !== null}>
      <h3 id={headingId} className="visually-hidden">
        Promo code
      </h3>
      {hasCode ? (
        <div className="promo-code__applied">
          <p className="promo-code__chip" aria-describedby={reason ? reasonId : undefined}>
            <svg className="promo-code__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M3 12V4h8l10 10-8 8L3 12Zm4.5-3.5a1.5 1.5 0 1 0 0-.01"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <span className="visually-hidden">Promo code </span>
            <strong className="promo-code__value">{applied.join(' + ')}</strong>{' '}
            <span className="promo-code__label">applied</span>
          </p>
          <fetcher.Form method="post" action={CART_ACTION}>
            <input type="hidden" name="intent" value="remove-promo" />
            <ReturnTo />
            <button
              ref={removeRef}
              type="submit"
              className="promo-code__remove"
              aria-label={`Remove promo code ${applied.join(' and ')}`}
              disabled={working !== null}
            >
              {working === 'remove' ? 'Removing…' : 'Remove'}
            </button>
          </fetcher.Form>
          {reason ? (
            <p className="promo-code__reason" id={reasonId}>
              {reason}
            </p>
          ) : null}
          {error ? (
            <p className="promo-code__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <fetcher.Form {...form.formProps} action={CART_ACTION} className="promo-code__form">
          <input type="hidden" name="intent" value="apply-promo" />
          <ReturnTo />
          <TextInput
            {...form.bind(form.fields.code)}
            label="Promo code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMO_CODE_MAX_LENGTH}
            readOnly={working === 'apply'}
            suffix={
              <button type="submit" className="promo-code__apply" disabled={working !== null}>
                {working === 'apply' ? (
                  <>
                    <span className="promo-code__spinner" aria-hidden="true" />
                    Applying…
                  </>
                ) : (
                  'Apply'
                )}
              </button>
            }
          />
          {/* Failures are announced once; the visible message sits under the field. */}
          <p className="visually-hidden" aria-live="polite">
            {error ?? ''}
          </p>
        </fetcher.Form>
      )}
    </section>
  );
}
