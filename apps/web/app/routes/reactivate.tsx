import { Link, redirect } from 'react-router';
import { isApiError } from '../lib/api-client.server';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/reactivate';
import '../features/auth/auth.css';

type MeResponse = { data: { email: string; profile: { first_name: string | null } } };

/** /reactivate (empty layout, auth guard): needs a session; visitors are sent to the login. */
export async function loader(args: Route.LoaderArgs) {
  await guardRoute(args);
  try {
    const me = await args.context.api.get<MeResponse>('/api/me');
    return { firstName: me.data.profile.first_name };
  } catch (error) {
    // The session ended between the two calls.
    if (isApiError(error) && error.status === 401) throw redirect('/onboarding/login');
    throw error;
  }
}

export default function ReactivatePage({ loaderData }: Route.ComponentProps) {
  const greeting = loaderData.firstName ? `Welcome back, ${loaderData.firstName}` : 'Welcome back';
  return (
    <section className="auth-card auth-card--center" aria-labelledby="reactivate-title">
      <h1 id="reactivate-title" className="auth-card__title">
        {greeting}
      </h1>
      <p className="auth-card__intro">
        We are glad to see you again. Fresh meals and snacks for your kids are on this week's menus.
      </p>
      <Link className="button button--primary" to="/menus">
        Browse the menus
      </Link>
    </section>
  );
}
