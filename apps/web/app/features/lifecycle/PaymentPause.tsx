import { type PaymentConfig, RESUME_WITH_CARD_PATH } from '@sprout/contracts';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useHydrated } from '../forms/useHydrated';
import { PaymentFields, type PaymentFieldsHandle } from '../payments/PaymentFields';

export type ResumeActionData = { ok: false; message: string };

/**
 * A new card and the resume, one submit: the card number goes only to the payment provider's own
 * form, which answers a token; the action sends it to POST /api/me/subscription/resume and goes on
 * to the account. A card form cannot work without the provider's script (as the account's card form).
 */
export function ResumeWithCardForm({ config }: { config: PaymentConfig }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ResumeActionData>({ key: 'resume-with-card' });
  const fieldsRef = useRef<PaymentFieldsHandle>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (outcome && !outcome.ok) setError(outcome.message);
  }, [outcome]);
  const busy = creating || fetcher.state !== 'idle';

  async function submit(event: React.FormEvent<HTMLFormElement>) {
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
    fetcher.submit({ payment_method_id: created.id }, { method: 'post', action: RESUME_WITH_CARD_PATH });
  }

  if (!hydrated) {
    return (
      <p className="muted">
        Updating your card needs JavaScript: the card goes straight to our payment provider.
      </p>
    );
  }
  return (
    <form
      onSubmit={submit}
      aria-busy={busy}
      noValidate
      className="card-form"
      aria-labelledby="resume-card-title"
    >
      <h2 id="resume-card-title">Your new card</h2>
      <PaymentFields ref={fieldsRef} config={config} amountCents={0} disabled={busy} />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Resuming…' : 'Update card and resume'}
        </button>
      </div>
    </form>
  );
}
