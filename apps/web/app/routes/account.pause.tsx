import { endpoints, MAX_PAUSE_WEEKS, type PausePreview } from '@sprout/contracts';
import { Link } from 'react-router';
import { requireCustomer } from '../features/account/account.server';
import { NoSubscription } from '../features/account/NoSubscription';
import { formatCalendarDay, formatCalendarDays } from '../features/lifecycle/format';
import { runPauseAction } from '../features/lifecycle/lifecycle.server';
import { PausedNotice, PauseForm } from '../features/lifecycle/PauseForm';
import { PaymentPauseBanner } from '../features/lifecycle/PaymentPauseBanner';
import '../features/lifecycle/lifecycle.css';
import type { Route } from './+types/account.pause';

export const handle = { title: 'Pause deliveries' };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** /account/pause: pause for 1 to 8 weeks or until a date; a paused customer can resume now. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context);
  const now = Date.now();
  // What each length would skip, shown before the customer confirms (only an active one can pause).
  const previews =
    customer.subscription?.status === 'active'
      ? await context.api.call(endpoints.lifecycle.pausePreview)
      : null;
  return {
    subscription: customer.subscription,
    // Paused by failed charges: no new pause to choose, the way back is a new card (decision 040).
    paymentPause: customer.payment_pause ?? null,
    firstBoxAfterPause: customer.first_box_after_pause ?? customer.subscription?.resume_on ?? null,
    previews: previews?.kind === 'ok' ? previews.data.data : [],
    // The date field's bounds (the API checks them on the kitchen's calendar).
    tomorrow: isoDay(now + DAY_MS),
    latest: isoDay(now + MAX_PAUSE_WEEKS * 7 * DAY_MS),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  return runPauseAction(context.api, await request.formData());
}

export default function PausePage({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, paymentPause, firstBoxAfterPause, previews, tomorrow, latest } = loaderData;
  return (
    <div className="account-page">
      <h1>Pause deliveries</h1>
      {!subscription ? (
        <NoSubscription />
      ) : paymentPause ? (
        <PaymentPauseBanner pause={paymentPause} />
      ) : subscription.status === 'paused' && firstBoxAfterPause ? (
        <PausedNotice resumeOn={firstBoxAfterPause} resumeLabel={formatCalendarDay(firstBoxAfterPause)} />
      ) : (
        <>
          <p className="account-lead">
            Away, or the freezer is full? Pause for up to {MAX_PAUSE_WEEKS} weeks: no boxes, no charges, and
            we start again by ourselves.
          </p>
          <PauseForm
            state={actionData}
            today={tomorrow}
            latest={latest}
            weekChoices={previews.map((preview) => preview.weeks)}
          />
          {previews.length > 0 ? <PauseSkips previews={previews} /> : null}
          <p>
            Want to stop for good? <Link to="/account/cancel">Cancel your subscription</Link>.
          </p>
        </>
      )}
    </div>
  );
}

/** Before confirming: the boxes each pause length skips, and the day boxes come again. */
function PauseSkips({ previews }: { previews: PausePreview[] }) {
  return (
    <section className="account-card" aria-labelledby="pause-skips-title">
      <h2 id="pause-skips-title">What a pause skips</h2>
      <ul className="pause-skips">
        {previews.map((preview) => (
          <li key={preview.weeks} data-weeks={preview.weeks}>
            <strong>{preview.weeks === 1 ? '1 week' : `${preview.weeks} weeks`}:</strong>{' '}
            {preview.skipped_dates.length > 0
              ? `skips your box of ${formatCalendarDays(preview.skipped_dates)}`
              : 'skips no box'}
            {preview.still_shipping_dates.length > 0
              ? ` (${formatCalendarDays(preview.still_shipping_dates)} is already being prepared and still ships)`
              : ''}
            ; your next box comes on{' '}
            <time dateTime={preview.first_box_after_pause}>
              {formatCalendarDay(preview.first_box_after_pause)}
            </time>
            .
          </li>
        ))}
      </ul>
    </section>
  );
}
