import { formatMoney, type PaymentPause, RESUME_WITH_CARD_PATH } from '@sprout/contracts';
import { Link } from 'react-router';
import { formatCalendarDay } from './format';

// The banner and its sentences are apart from the resume form (PaymentPause.tsx): the account's
// pages show the banner, and only /account/resume carries the card fields' code (scripts/js-budget.mjs).

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
