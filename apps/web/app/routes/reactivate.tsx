import { endpoints } from '@sprout/contracts';
import { redirect } from 'react-router';
import { runReactivationAction } from '../features/lifecycle/lifecycle.server';
import { ReactivateForm } from '../features/lifecycle/ReactivateForm';
import { isApiError } from '../lib/api-client.server';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/reactivate';
import '../features/auth/auth.css';
import '../features/lifecycle/lifecycle.css';

type MeResponse = {
  data: {
    email: string;
    profile: { first_name: string | null };
    subscription: { plan: { id: number } } | null;
  };
};

/**
 * /reactivate (empty layout, auth guard): a paused or canceled customer picks a plan and a first
 * delivery date and confirms the saved card. Visitors go to the login; an active customer to the
 * account site (the route-access lookup decides both).
 */
export async function loader(args: Route.LoaderArgs) {
  await guardRoute(args);
  const { api } = args.context;
  let me: MeResponse['data'];
  try {
    me = (await api.read(endpoints.account.me)).data;
  } catch (error) {
    // The session ended between the two calls.
    if (isApiError(error) && error.status === 401) throw redirect('/onboarding/login');
    throw error;
  }
  // The first dates are the API's: the zip's open dates without a day whose box is already paid.
  const [plans, dates, card] = await Promise.all([
    api.read(endpoints.catalog.plans),
    api.call(endpoints.lifecycle.reactivationDates),
    api.call(endpoints.account.paymentMethod),
  ]);
  return {
    firstName: me.profile.first_name,
    plans: plans.data.map(({ id, name, threshold, box_price_from, tag }) => ({
      id,
      name,
      threshold,
      box_price_from,
      tag,
    })),
    currentPlanId: me.subscription?.plan.id ?? null,
    dates: dates.kind === 'ok' ? dates.data.data.map((choice) => choice.date) : [],
    card: card.kind === 'ok' ? card.data.data : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runReactivationAction(context.api, await request.formData(), context.site.accountUrl);
}

export default function ReactivatePage({ loaderData, actionData }: Route.ComponentProps) {
  const greeting = loaderData.firstName ? `Welcome back, ${loaderData.firstName}` : 'Welcome back';
  return (
    <section className="auth-card reactivate" aria-labelledby="reactivate-title">
      <h1 id="reactivate-title" className="auth-card__title">
        {greeting}
      </h1>
      <p className="auth-card__intro">Pick a box size and the day of your first delivery; we do the rest.</p>
      <ReactivateForm {...loaderData} state={actionData} />
    </section>
  );
}
