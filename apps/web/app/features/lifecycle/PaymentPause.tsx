import { type PaymentConfig, RESUME_WITH_CARD_PATH } from '@sprout/contracts';
import { useHydrated } from '../forms/useHydrated';
import { PaymentFields } from '../payments/PaymentFields';
import { useSaveCard } from '../payments/useSaveCard';

export type ResumeActionData = { ok: false; message: string };

/**
 * A new card and the resume, one submit: the card number goes only to the payment provider's own
 * form, which answers a token; the action sends it to POST /api/me/subscription/resume and goes on
 * to the account. A card form cannot work without the provider's script (as the account's card form).
 */
export function ResumeWithCardForm({ config }: { config: PaymentConfig }) {
  const hydrated = useHydrated();
  const { fieldsRef, submit, error, busy } = useSaveCard<ResumeActionData>({
    key: 'resume-with-card',
    action: RESUME_WITH_CARD_PATH,
  });

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
