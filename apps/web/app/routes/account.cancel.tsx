import { Link } from 'react-router';
import { requireCustomer } from '../features/account/account.server';
import { NoSubscription } from '../features/account/NoSubscription';
import { OfferStep, ReasonSurvey } from '../features/lifecycle/CancellationFlow';
import { runCancellationAction } from '../features/lifecycle/lifecycle.server';
import '../features/lifecycle/lifecycle.css';
import type { Route } from './+types/account.cancel';

export const handle = { title: 'Cancel your subscription' };

/**
 * /account/cancel: the reason (one click), then its one offer beside a plain "cancel" button.
 * Three clicks from any account page: this link, a reason, confirm.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context);
  return { subscription: customer.subscription };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  return runCancellationAction(context.api, await request.formData());
}

export default function CancelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription } = loaderData;
  return (
    <div className="account-page">
      <h1>Cancel your subscription</h1>
      {!subscription ? (
        <NoSubscription />
      ) : actionData?.started ? (
        <OfferStep
          started={actionData.started}
          state={actionData.intent === 'start' ? undefined : actionData}
        />
      ) : (
        <>
          <ReasonSurvey state={actionData} />
          {subscription.status === 'active' ? (
            <p>
              Just need a break? <Link to="/account/pause">Pause instead</Link>: no boxes and no charges for
              up to eight weeks.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
