import { parseWithZod } from '@conform-to/zod/v4';
import {
  EMAIL_IN_USE_MESSAGE,
  endpoints,
  LOGIN_FAILED_MESSAGE,
  SOCIAL_SIGN_IN_MESSAGES,
} from '@sprout/contracts';
import { LoginForm } from '../features/auth/LoginForm';
import { loginForm, RETURN_PARAM, safeReturnPath } from '../features/auth/return-path';
import { signInRedirect } from '../features/auth/sign-in.server';
import { replyWithApiFailure } from '../features/forms/reply.server';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/onboarding.login';
import '../features/auth/auth.css';

/**
 * The only `?error=` texts the login shows: messages our own pages send (an email that has an
 * account, from the capture popup and checkout), the server answers, or a social sign-in that did
 * not work. Anything else in the query is shown as nothing, so a link cannot put its own words in
 * an alert on this page.
 */
export const LOGIN_QUERY_MESSAGES: readonly string[] = [
  EMAIL_IN_USE_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  ...Object.values(SOCIAL_SIGN_IN_MESSAGES),
];

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
  return {
    email: query.get('email') ?? '',
    error: knownLoginError(query.get('error')),
    // A page that needs a customer sent the visitor here (`?next=/account/plan`): back there after.
    returnTo: safeReturnPath(query.get(RETURN_PARAM)),
  };
}

/** Signs in through the API and passes its session cookie on; then the verification step or a site. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginForm });
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: ['password'] }) };
  const { [RETURN_PARAM]: next, ...credentials } = submission.value;
  const answer = await context.api.call(endpoints.auth.signIn, { body: credentials });
  // Wrong credentials are one message for the pair (never which one was wrong).
  const refused = {
    fields: ['email', 'password'],
    validationMessage: LOGIN_FAILED_MESSAGE,
    hideFields: ['password'],
  };
  if (answer.kind !== 'ok') return { result: replyWithApiFailure(submission, answer, refused) };
  const signedIn = signInRedirect(answer, context.site, { returnTo: safeReturnPath(next) });
  if (signedIn) return signedIn;
  return { result: submission.reply({ formErrors: [LOGIN_FAILED_MESSAGE], hideFields: ['password'] }) };
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginForm
      email={loaderData.email}
      error={loaderData.error}
      returnTo={loaderData.returnTo}
      actionData={actionData}
    />
  );
}
