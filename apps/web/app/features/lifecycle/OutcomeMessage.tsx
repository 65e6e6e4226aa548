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
  const { subscription } = outcome;
  return (
    <section className="auth-card auth-card--center" aria-labelledby="outcome-title">
      <h1 id="outcome-title" className="auth-card__title">
        {title}
      </h1>
      {path === '/pausing-processing' && subscription.resume_on ? (
        <p className="auth-card__intro">
          No boxes and no charges until{' '}
          <time dateTime={subscription.resume_on}>{formatCalendarDay(subscription.resume_on)}</time>
          {outcome.first_box_after_pause ? (
            <>
              ; your next box comes on{' '}
              <time dateTime={outcome.first_box_after_pause}>
                {formatCalendarDay(outcome.first_box_after_pause)}
              </time>
            </>
          ) : null}
          . We’ll email you a week before they start again.
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
