import type { Me } from '@sprout/contracts';
import { formatDay } from './format';

type Canceled = NonNullable<Me['canceled_subscription']>;

/**
 * A customer without a current subscription: one who canceled is told so (the plan and the day)
 * and offered to reactivate it; one who never finished checkout gets the way to start one.
 */
export function NoSubscription({ canceled }: { canceled?: Canceled | null | undefined }) {
  if (canceled) {
    return (
      <section className="account-card" aria-labelledby="no-subscription" data-subscription-status="canceled">
        <h2 id="no-subscription">Your subscription is canceled</h2>
        <p>
          Your {canceled.plan_name} subscription was canceled
          {canceled.canceled_at ? ` on ${formatDay(canceled.canceled_at)}` : ''}. No more boxes are made or
          charged.
        </p>
        {/* Reactivate is its own page of the account site's app (auth-guarded): a full page load. */}
        <a href="/reactivate" className="button button--primary">
          Reactivate my subscription
        </a>
      </section>
    );
  }
  return (
    <section className="account-card" aria-labelledby="no-subscription">
      <h2 id="no-subscription">No subscription yet</h2>
      <p>Choose a plan and fill your first box: we deliver every 1, 2 or 4 weeks.</p>
      {/* The storefront is another site: a full page load. */}
      <a href="/onboarding/plans" className="button button--primary">
        Choose a plan
      </a>
      <p>
        Had boxes with us before? <a href="/reactivate">Start them again</a> with your saved details.
      </p>
    </section>
  );
}
