import { EMAIL_IN_USE_MESSAGE, LOGIN_FAILED_MESSAGE } from '@sprout/contracts';
import { LoginForm } from '../features/auth/LoginForm';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/onboarding.login';
import '../features/auth/auth.css';

/**
 * The only `?error=` texts the login shows: messages our own pages send (an email that has an
 * account, from the capture popup and checkout) or the server answers. Anything else in the query
 * is shown as nothing, so a link cannot put its own words in an alert on this page.
 */
export const LOGIN_QUERY_MESSAGES: readonly string[] = [EMAIL_IN_USE_MESSAGE, LOGIN_FAILED_MESSAGE];

/** The `?error=` text to show, when it is one of the known messages (exactly); null otherwise. */
export function knownLoginError(text: string | null | undefined): string | null {
  if (!text) return null;
  return LOGIN_QUERY_MESSAGES.includes(text) ? text : null;
}

/**
 * /onboarding/login (no-footer, auth guard): a signed-in visitor is redirected by the server to the
 * account site. The capture popup and checkout send `?email=…&error=…` for an email that has an
 * account; they are read here, on the server, since the app start takes the email out of the URL.
 */
export async function loader(args: Route.LoaderArgs) {
  await guardRoute(args);
  const query = new URL(args.request.url).searchParams;
  return { email: query.get('email') ?? '', error: knownLoginError(query.get('error')) };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return <LoginForm email={loaderData.email} error={loaderData.error} />;
}
