import type { PaymentConfig, SavedPaymentMethod } from '@sprout/contracts';
import { useEffect, useState } from 'react';
import { useHydrated } from '../forms/useHydrated';
import { announce } from '../layout/LiveRegion';
import { PaymentFields } from '../payments/PaymentFields';
import { useSaveCard } from '../payments/useSaveCard';

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
  const { fieldsRef, submit, error, outcome, busy } = useSaveCard<CardActionData>({
    key: 'payment-method',
    action: PAYMENT_METHOD_ACTION,
  });
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!outcome?.ok) return;
    setEditing(false);
    announce(outcome.message);
  }, [outcome]);

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
        <form onSubmit={submit} aria-busy={busy} noValidate>
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
