import { useEffect, useId, useRef, useState } from 'react';
import { useCartController, useCartState } from '../cart/CartProvider';
import { TextInput } from '../forms/TextInput';
import type { PromoOutcome } from './actions';
import { PROMO_REQUIRED_MESSAGE } from './rules';

type Working = 'apply' | 'remove' | null;

function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * The cart panel's promo code: a field with Apply, or the applied code with Remove (spec sections 4,
 * 5 and 8). A failure shows the server's first promo_code error, else 'Promo Code is invalid.'. A code
 * the cart does not qualify for yet stays applied and says why.
 */
export function PromoCodeForm() {
  const { cart, onboarding } = useCartState();
  const controller = useCartController();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState<Working>(null);
  const mounted = useMounted();
  const headingId = useId();
  const reasonId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the field and the applied code swap places. */
  const focusNext = useRef<'input' | 'remove' | null>(null);

  const promo = cart.promoCode;
  const partnership = onboarding.partnership;
  const applied = [promo?.code, partnership?.code].filter((value): value is string => Boolean(value));
  const hasCode = applied.length > 0;

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'input') inputRef.current?.focus();
    else removeRef.current?.focus();
  });

  function settle(outcome: PromoOutcome, after: 'input' | 'remove') {
    if (!mounted.current) return;
    setWorking(null);
    if (outcome.kind === 'rejected' || outcome.kind === 'failed') {
      setError(outcome.message);
      return;
    }
    if (outcome.kind === 'applied' || outcome.kind === 'already-applied') {
      setError(null);
      setCode('');
      focusNext.current = after;
    }
  }

  async function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setError(PROMO_REQUIRED_MESSAGE);
      return;
    }
    setWorking('apply');
    setError(null);
    settle(await controller.applyPromoCode(trimmed), 'remove');
  }

  async function remove() {
    if (working) return;
    setWorking('remove');
    setError(null);
    settle(await controller.removePromoCode(), 'input');
  }

  const reason = promo && !promo.is_applicable ? promo.inapplicable_reason : null;

  return (
    <section className="promo-code" aria-labelledby={headingId} aria-busy={working !== null}>
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
          <button
            ref={removeRef}
            type="button"
            className="promo-code__remove"
            aria-label={`Remove promo code ${applied.join(' and ')}`}
            disabled={working !== null}
            onClick={() => void remove()}
          >
            {working === 'remove' ? 'Removing…' : 'Remove'}
          </button>
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
        <form className="promo-code__form" onSubmit={(event) => void apply(event)} noValidate>
          <TextInput
            ref={inputRef}
            label="Promo code"
            name="promo_code"
            value={code}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            readOnly={working === 'apply'}
            onValueChange={(value) => {
              setCode(value);
              // A server error clears when the field is edited (spec section 5).
              if (error) setError(null);
            }}
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
        </form>
      )}
    </section>
  );
}
