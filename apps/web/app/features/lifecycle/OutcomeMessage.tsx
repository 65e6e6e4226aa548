import type { LifecycleOutcome, OutcomePath } from '@sprout/contracts';
import { formatCalendarDay, formatCalendarDays } from './format';

/** What a lifecycle change did, in plain words, with the one link that matters next. */
export function OutcomeMessage({
  path,
  title,
  outcome,
  accountUrl,
}: {
  path: OutcomePath;
  title: string;
  outcome: LifecycleOutcome;
  accountUrl: string;
}) {
  const stillShipping = outcome.locked_delivery_dates;
  const firstBox = outcome.first_box_after_pause ?? outcome.subscription.resume_on;
  return (
    <section className="auth-card auth-card--center" aria-labelledby="outcome-title">
      <h1 id="outcome-title" className="auth-card__title">
        {title}
      </h1>
      {path === '/pausing-processing' && firstBox ? (
        <p className="auth-card__intro">
          {/* The first box after the pause, as the account and the email name it (decision 023). */}
          No boxes and no charges until your next box on{' '}
          <time dateTime={firstBox}>{formatCalendarDay(firstBox)}</time>. We’ll email you a week before your
          boxes start again.
        </p>
      ) : null}
      {path === '/offer-accepted-processing' ? (
        <p className="auth-card__intro">
          Your offer is applied and your subscription goes on. We sent you an email with the details.
        </p>
      ) : null}
      {path === '/cancellation-processing' ? (
        <p className="auth-card__intro">
          No more boxes will be made or charged. Your order history and any credits stay in your account, and
          you can reactivate whenever you like.
        </p>
      ) : null}
      {stillShipping.length > 0 ? (
        <p className="auth-card__intro">
          Your box of {formatCalendarDays(stillShipping)} was already being prepared, so it still arrives and
          is charged as usual.
        </p>
      ) : null}
      <p>
        {/* The account site may be another app: a full page load. */}
        <a
          className="button button--primary"
          href={path === '/cancellation-processing' ? '/reactivate' : accountUrl}
        >
          {path === '/cancellation-processing' ? 'Changed your mind? Reactivate' : 'Back to your account'}
        </a>
      </p>
      {path === '/cancellation-processing' ? (
        <p>
          <a href={accountUrl}>Go to your account</a>
        </p>
      ) : null}
    </section>
  );
}
