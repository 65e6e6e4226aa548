import { MAX_PAUSE_WEEKS } from '@sprout/contracts';
import { Link } from 'react-router';
import { requireCustomer } from '../features/account/account.server';
import { NoSubscription } from '../features/account/NoSubscription';
import { formatCalendarDay } from '../features/lifecycle/format';
import { runPauseAction } from '../features/lifecycle/lifecycle.server';
import { PausedNotice, PauseForm } from '../features/lifecycle/PauseForm';
import '../features/lifecycle/lifecycle.css';
import type { Route } from './+types/account.pause';

export const handle = { title: 'Pause deliveries' };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** /account/pause: pause for 1 to 8 weeks or until a date; a paused customer can resume now. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context);
  const now = Date.now();
  return {
    subscription: customer.subscription,
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
  const { subscription, tomorrow, latest } = loaderData;
  return (
    <div className="account-page">
      <h1>Pause deliveries</h1>
      {!subscription ? (
        <NoSubscription />
      ) : subscription.status === 'paused' && subscription.resume_on ? (
        <PausedNotice
          resumeOn={subscription.resume_on}
          resumeLabel={formatCalendarDay(subscription.resume_on)}
        />
      ) : (
        <>
          <p className="account-lead">
            Away, or the freezer is full? Pause for up to {MAX_PAUSE_WEEKS} weeks: no boxes, no charges, and
            we start again by ourselves.
          </p>
          <PauseForm state={actionData} today={tomorrow} latest={latest} />
          <p>
            Want to stop for good? <Link to="/account/cancel">Cancel your subscription</Link>.
          </p>
        </>
      )}
    </div>
  );
}
