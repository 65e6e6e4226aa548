import { PROMO_CODE_MAX_LENGTH, PROMO_INVALID_MESSAGE } from '@sprout/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { CART_ACTION, ReturnTo, useCartFetcher, useCartView } from '../cart/useCart';
import { TextInput, useDefaultInputId } from '../forms/TextInput';

/**
 * The cart panel's promo code: a field with Apply, or the applied code with Remove, posted to the
 * cart action, which checks it with the contracts' `promoCodeForm` and then asks the API. A failure
 * shows the server's first error for the code, else 'Promo Code is invalid.', until the field is
 * edited. A code the cart does not qualify for yet stays applied and says why.
 *
 * Unlike the capture and checkout forms, this one does not run the schema in the browser: the
 * panel is on every storefront page, and conform and zod would add about 36 KB gzip to each
 * page's first load for a one-field form whose only local rule (the length) the input enforces
 * itself; whether a code exists and applies is the server's answer anyway (decision 018).
 */
export function PromoCodeForm() {
  const { cart, data } = useCartView();
  const fetcher = useCartFetcher('cart-promo', { fieldErrorsInForm: true });
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
  const refusal = outcome?.intent === 'apply-promo' && !outcome.ok ? outcome.result : undefined;
  // The refusal that was on show when the visitor edited the field: it stays cleared.
  const [editedAfter, setEditedAfter] = useState<unknown>(undefined);
  const fieldError =
    refusal && refusal !== editedAfter
      ? (refusal.error?.code?.[0] ?? refusal.error?.['']?.[0] ?? PROMO_INVALID_MESSAGE)
      : null;
  const inputId = useDefaultInputId();
  const error = hasCode
    ? outcome && !outcome.ok && outcome.intent === 'remove-promo'
      ? (outcome.message ?? null)
      : null
    : fieldError;
  useEffect(() => {
    if (!outcome?.ok) return;
    if (outcome.intent === 'apply-promo') removeRef.current?.focus();
    else document.getElementById(inputId)?.focus();
  }, [outcome, inputId]);

  // The message grows the panel's scrolling body under the field: bring it into view, so it is
  // never left under the totals that stick at the panel's foot (on a 1280x800 screen it was hidden there).
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
        <fetcher.Form method="post" action={CART_ACTION} className="promo-code__form">
          <input type="hidden" name="intent" value="apply-promo" />
          <ReturnTo />
          <TextInput
            id={inputId}
            name="code"
            error={fieldError}
            onInput={() => setEditedAfter(refusal)}
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
