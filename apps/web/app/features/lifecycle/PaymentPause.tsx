import { formatMoney, type PaymentConfig, type PaymentPause, RESUME_WITH_CARD_PATH } from '@sprout/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { useHydrated } from '../forms/useHydrated';
import { PaymentFields, type PaymentFieldsHandle } from '../payments/PaymentFields';
import { formatCalendarDay } from './format';

const money = (cents: number) => formatMoney(cents / 100, { alwaysShowCents: true });

/** Why the subscription is paused: the box whose charge failed, on which card (the API's words). */
export function paymentPauseReason(pause: PaymentPause): string {
  const card = pause.card_last4 ? `your card ending in ${pause.card_last4}` : 'your card';
  return `We could not charge ${card} for your box of ${formatCalendarDay(pause.failed_delivery_date)} (${money(pause.failed_total_cents)}), so that box was canceled and your deliveries are paused.`;
}

/** What resuming does, as the API decided it: the failed box charged again, or the next box first. */
export function paymentPauseResumeEffect(pause: PaymentPause): string {
  if (pause.retry_delivery_date) {
    return `Update your card and we charge that box again right away: it still arrives on ${formatCalendarDay(pause.retry_delivery_date)}.`;
  }
  return pause.next_box_date
    ? `That box can no longer be sent. Update your card and your boxes start again on ${formatCalendarDay(pause.next_box_date)}.`
    : 'That box can no longer be sent. Update your card and your boxes start again.';
}

/** The account's banner for a subscription paused by failed charges, with the one-step way back. */
export function PaymentPauseBanner({ pause }: { pause: PaymentPause }) {
  return (
    <section className="account-card lifecycle-paused payment-pause" aria-labelledby="payment-pause-title">
      <h2 id="payment-pause-title">Paused: your payment did not go through</h2>
      <p>{paymentPauseReason(pause)}</p>
      <p>{paymentPauseResumeEffect(pause)}</p>
      <p>
        <Link to={RESUME_WITH_CARD_PATH} className="button button--primary">
          Update card and resume
        </Link>
      </p>
    </section>
  );
}

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
