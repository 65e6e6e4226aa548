import { endpoints, RESUME_WITH_CARD_PATH } from '@sprout/contracts';
import { Link } from 'react-router';
import { nextUnchargedBox, readDeliveries, requireCustomer } from '../features/account/account.server';
import { weekdayName } from '../features/account/format';
import { NoSubscription } from '../features/account/NoSubscription';
import { PlanForm } from '../features/account/PlanForm';
import { runPlanAction } from '../features/account/plan.server';
import { frequencyLabel } from '../features/checkout/format';
import '../features/lifecycle/lifecycle.css';
import type { Route } from './+types/account.plan';

export const handle = { title: 'Your plan' };

/** Every weekday, when the address's zip is unknown: the API still decides what it accepts. */
const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** /account/plan: box size, frequency (1, 2 or 4 weeks) and delivery day, from the next unlocked box. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The zip's delivery days: the only account page that reads the address.
  const customer = await requireCustomer(request, context, { address: true });
  const subscription = customer.subscription;
  if (!subscription)
    return { subscription: null, plans: [], weekdays: [], nextDelivery: null, pausedForPayment: false };
  const zip = customer.address?.zip_code;
  const [plans, zipCode, deliveries] = await Promise.all([
    context.api.read(endpoints.catalog.plans),
    zip ? context.api.call(endpoints.checkout.zipCode, { params: { code: zip } }) : null,
    readDeliveries(context.api),
  ]);
  const weekdays = zipCode?.kind === 'ok' ? zipCode.data.data.delivery_weekdays : ALL_WEEKDAYS;
  return {
    subscription,
    plans: plans.data.map(({ id, name, threshold, item_price_from, box_price_from }) => ({
      id,
      name,
      threshold,
      item_price_from,
      box_price_from,
    })),
    // The current day stays listed even if the zip no longer offers it.
    weekdays: [...new Set([...weekdays, subscription.delivery_weekday])].sort(),
    nextDelivery: nextUnchargedBox(deliveries),
    // Paused by failed charges: the way back is a new card, not the pause page (decision 040).
    pausedForPayment: Boolean(customer.payment_pause),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  // Refusals are answers the form shows beside its fields (as the login's), not failed requests.
  return runPlanAction(context.api, await request.formData());
}

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, plans, weekdays, nextDelivery, pausedForPayment } = loaderData;
  const saved = actionData?.intent === 'confirm' && actionData.ok;
  return (
    <div className="account-page">
      <h1>Your plan</h1>
      {subscription ? (
        <>
          <p className="account-lead" data-current-plan="">
            {subscription.plan.name} · {frequencyLabel(subscription.frequency_weeks)} ·{' '}
            {weekdayName(subscription.delivery_weekday)}s
          </p>
          {saved ? (
            <p className="notice notice--success" role="status">
              Saved. Your boxes from the next one that can still change follow your new choices.
            </p>
          ) : null}
          <p>Changes apply from your next box that is not past its cutoff.</p>
          <PlanForm
            key={JSON.stringify(subscription)}
            subscription={subscription}
            plans={plans}
            weekdays={weekdays}
            nextDelivery={nextDelivery}
            actionData={saved ? undefined : actionData}
          />
          <section className="account-card" aria-labelledby="pause-or-cancel">
            <h2 id="pause-or-cancel">Take a break, or stop</h2>
            <p>Pause for up to eight weeks with no boxes and no charges, or cancel at any time.</p>
            <p className="lifecycle-manage">
              {pausedForPayment ? (
                <Link to={RESUME_WITH_CARD_PATH} className="button button--secondary">
                  Update card and resume
                </Link>
              ) : (
                <Link to="/account/pause" className="button button--secondary">
                  {subscription.status === 'paused' ? 'Resume or see your pause' : 'Pause deliveries'}
                </Link>
              )}
              <Link to="/account/cancel" className="button button--ghost">
                Cancel subscription
              </Link>
            </p>
          </section>
        </>
      ) : (
        <NoSubscription />
      )}
    </div>
  );
}
