import type { GiftCardCheck } from '@sprout/contracts';
import { type RefObject, useState } from 'react';
import { money } from '../checkout/format';
import { TextInput } from '../forms/TextInput';
import './gift-cards.css';

/**
 * Checkout's gift card field (decision 024): codes are checked against the cart before paying and
 * listed with what each pays; the debits happen only when the order is placed.
 */
export function GiftCardCodes({
  check,
  error,
  errorRef,
  disabled,
  onApply,
  onRemove,
}: {
  check: GiftCardCheck | null;
  error: string | null;
  errorRef?: RefObject<HTMLParagraphElement | null>;
  disabled: boolean;
  /** Checks the code with the ones applied; answers an error message, or null when applied. */
  onApply(code: string): Promise<string | null>;
  onRemove(code: string): void;
}) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;

  async function apply() {
    const typed = code.trim();
    if (!typed || pending) {
      if (!typed) setLocalError('Enter the gift card code from the email');
      return;
    }
    setPending(true);
    const problem = await onApply(typed);
    setPending(false);
    setLocalError(problem);
    if (!problem) setCode('');
  }

  return (
    <section className="gift-card-codes" aria-labelledby="gift-card-codes-title">
      <h3 id="gift-card-codes-title" className="gift-card-codes__title">
        Gift cards
      </h3>
      {check && check.cards.length > 0 ? (
        <ul className="gift-card-codes__list" aria-label="Gift cards applied">
          {check.cards.map((card) => (
            <li key={card.code} className="gift-card-codes__card">
              <span>
                Gift card ending in <strong>{card.code_suffix}</strong>: {money(card.applied)} of{' '}
                {money(card.balance)}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onRemove(card.code)}
                disabled={disabled}
                aria-label={`Remove the gift card ending in ${card.code_suffix}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="gift-card-codes__row">
        <TextInput
          label="Gift card code"
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setLocalError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          error={shownError}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void apply()}
          disabled={disabled}
          aria-busy={pending}
        >
          {pending ? 'Checking…' : 'Apply'}
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite" ref={errorRef} tabIndex={-1}>
        {shownError
          ? shownError
          : check && check.cards.length > 0
            ? `Gift cards pay ${money(check.gift_cards_amount_applied)}. Left to pay: ${money(check.total_cost)}.`
            : ''}
      </p>
    </section>
  );
}
