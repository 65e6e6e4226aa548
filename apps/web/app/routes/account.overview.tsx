import { Link } from 'react-router';
import {
  nextBox,
  nextChangeableBox,
  readDeliveries,
  requireCustomer,
} from '../features/account/account.server';
import { runDeliveryAction } from '../features/account/deliveries.server';
import { weekdayName } from '../features/account/format';
import { NextBoxCard } from '../features/account/NextBoxCard';
import { NoSubscription } from '../features/account/NoSubscription';
import { formatDeliveryDate, frequencyLabel } from '../features/checkout/format';
import { formatCalendarDay } from '../features/lifecycle/format';
import { PausedNotice } from '../features/lifecycle/PauseForm';
import { PaymentPauseBanner } from '../features/lifecycle/PaymentPauseBanner';
import '../features/lifecycle/lifecycle.css';
import type { Route } from './+types/account.overview';

export const handle = { title: 'Your account' };

/** /account: the next box first (what a customer comes to change), then the plan in a line. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context);
  const deliveries = customer.subscription ? await readDeliveries(context.api) : [];
  // The countdown's first render, on the server and while hydrating, is at this instant.
  const params = new URL(request.url).searchParams;
  const notice = params.has('reactivated')
    ? 'Welcome back! Your subscription is active again.'
    : params.get('resumed') === 'paid'
      ? 'Your deliveries are back on, and the box we could not charge is paid.'
      : params.has('resumed')
        ? 'Your deliveries are back on.'
        : null;
  return {
    subscription: customer.subscription,
    canceled: customer.canceled_subscription ?? null,
    // Paused by failed charges: why, and the one-step way back (the API's rule, decision 040).
    paymentPause: customer.payment_pause ?? null,
    // Paused: the boxes the pause skipped are not "next"; a box past its cutoff still ships.
    next: nextBox(
      customer.subscription?.status === 'paused'
        ? deliveries.filter((delivery) => delivery.status !== 'skipped')
        : deliveries,
    ),
    // When the next box is past changing (paid, being prepared), the next one that can still change.
    nextOpen: nextChangeableBox(deliveries),
    // The day boxes start again: the first box after the pause, not the day the pause ends.
    firstBoxAfterPause: customer.first_box_after_pause ?? customer.subscription?.resume_on ?? null,
    renderedAt: Date.now(),
    notice,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  return runDeliveryAction(request, context.api);
}

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const { subscription, canceled, paymentPause, next, nextOpen, firstBoxAfterPause, renderedAt, notice } =
    loaderData;
  return (
    <div className="account-page">
      <h1>Your account</h1>
      {subscription ? (
        <>
          <p className="account-lead">
            {subscription.plan.name} · {frequencyLabel(subscription.frequency_weeks)} on{' '}
            {weekdayName(subscription.delivery_weekday)}s{' '}
            {subscription.status !== 'active' ? <strong>({subscription.status})</strong> : null}{' '}
            <Link to="/account/plan">Change</Link>
          </p>
          {paymentPause ? <PaymentPauseBanner pause={paymentPause} /> : null}
          {subscription.status === 'paused' && firstBoxAfterPause ? (
            <PausedNotice resumeOn={firstBoxAfterPause} resumeLabel={formatCalendarDay(firstBoxAfterPause)} />
          ) : null}
          {notice ? (
            <p className="notice notice--success" role="status">
              {notice}
            </p>
          ) : null}
          {next ? <NextBoxCard delivery={next} renderedAt={renderedAt} /> : null}
          {next && nextOpen && nextOpen.date !== next.date && subscription.status === 'active' ? (
            <NextBoxCard delivery={nextOpen} renderedAt={renderedAt} eyebrow="The next box you can change" />
          ) : null}
          {next ? null : (
            <p>
              No box is coming up.{' '}
              {firstBoxAfterPause ? `Deliveries resume on ${formatDeliveryDate(firstBoxAfterPause)}.` : ''}
            </p>
          )}
          <p>
            <Link to="/account/deliveries">See the next eight deliveries</Link>
          </p>
        </>
      ) : (
        <NoSubscription canceled={canceled} />
      )}
    </div>
  );
}
