import type { PaymentConfig, SavedPaymentMethod } from '@sprout/contracts';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useHydrated } from '../forms/useHydrated';
import { announce } from '../layout/LiveRegion';
import { PaymentFields, type PaymentFieldsHandle } from '../payments/PaymentFields';

export const PAYMENT_METHOD_ACTION = '/account/payment-method';

export type CardActionData = { ok: boolean; message: string };

function describe(card: SavedPaymentMethod | null): string {
  if (!card) return 'No card saved: your next box cannot be charged until you add one.';
  return `${card.brand ?? 'Card'}${card.last4 ? ` ending in ${card.last4}` : ''}`;
}

/**
 * Replaces the card later boxes are charged to. The card number goes only to the payment
 * provider's own form (test provider or Stripe); the action receives its token and saves it. The
 * one browser-side flow of the account site: a card form cannot work without the provider's script.
 */
export function CardForm({ card, config }: { card: SavedPaymentMethod | null; config: PaymentConfig }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<CardActionData>({ key: 'payment-method' });
  const fieldsRef = useRef<PaymentFieldsHandle>(null);
  const [editing, setEditing] = useState(false);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) {
      setEditing(false);
      announce(outcome.message);
    } else setError(outcome.message);
  }, [outcome]);
  const busy = creating || fetcher.state !== 'idle';

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setCreating(true);
    const created = await fieldsRef.current?.createPaymentMethod();
    setCreating(false);
    if (!created) return;
    if ('error' in created) {
      setError(created.error);
      return;
    }
    fetcher.submit({ payment_method_id: created.id }, { method: 'post', action: PAYMENT_METHOD_ACTION });
  }

  return (
    <div className="card-form">
      <p data-saved-card="">
        <strong>{describe(card)}</strong>
      </p>
      {outcome?.ok ? (
        <p className="notice notice--success" role="status">
          {outcome.message}
        </p>
      ) : null}
      {!hydrated ? (
        <p className="muted">
          Replacing your card needs JavaScript: the card goes straight to our payment provider.
        </p>
      ) : editing ? (
        <form onSubmit={save} aria-busy={busy} noValidate>
          <PaymentFields ref={fieldsRef} config={config} amountCents={0} disabled={busy} />
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save card'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setEditing(false)}
              disabled={busy}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
          {card ? 'Replace card' : 'Add a card'}
        </button>
      )}
    </div>
  );
}
