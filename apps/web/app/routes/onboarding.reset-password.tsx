import { parseWithZod } from '@conform-to/zod/v4';
import { endpoints, passwordResetForm } from '@sprout/contracts';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import { signInRedirect } from '../features/auth/sign-in.server';
import { forgetCart } from '../features/cart/storage';
import { replyWithApiFailure } from '../features/forms/reply.server';
import type { Route } from './+types/onboarding.reset-password';
import '../features/auth/auth.css';

export const RESET_FAILED_MESSAGE = 'We could not sign you in. Please log in with your new password.';

const resetLink = passwordResetForm.pick({ email: true, token: true });

/**
 * /onboarding/reset-password?token=…&email=… (the email stays in the URL on this path). The link is
 * checked by the contracts' rules first: a cut or altered link gets a sentence, not validator text.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get('token') ?? '';
  const email = query.get('email') ?? '';
  return { token, email, linkValid: resetLink.safeParse({ token, email }).success };
}

/**
 * Sets the new password (password_confirmation sent equal to it: the API asks for both), exchanges
 * the one-time token for the session cookie, forgets the abandoned cart and goes to the account
 * site.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: passwordResetForm });
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: ['password'] }) };
  const reset = await context.api.call(endpoints.auth.completePasswordReset, {
    body: {
      ...submission.value,
      password_confirmation: submission.value.password,
    },
  });
  if (reset.kind !== 'ok') {
    return {
      result: replyWithApiFailure(submission, reset, {
        fields: ['password'],
        // One visible field: the confirmation is sent equal to it, so its errors belong here too.
        fieldKeys: { password: ['password', 'password_confirmation'] },
        hideFields: ['password'],
      }),
    };
  }
  const signIn = await context.api.call(endpoints.auth.exchangeToken, {
    body: {
      token: reset.data.access_token,
    },
  });
  const next =
    signIn.kind === 'ok'
      ? signInRedirect(signIn, context.site, {
          clearCart: true,
          secure: context.site.url.startsWith('https:'),
        })
      : null;
  return (
    next ?? { result: submission.reply({ formErrors: [RESET_FAILED_MESSAGE], hideFields: ['password'] }) }
  );
}

const isRedirect = (value: unknown) => value instanceof Response && value.status >= 300 && value.status < 400;

/**
 * In the browser, the stored abandoned cart id (localStorage, beside the cookie the action
 * expires) is forgotten too once the reset has signed the visitor in (no guest cart survives
 * sign-in, decision 042).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    const answer = await serverAction();
    if (isRedirect(answer)) forgetCart();
    return answer;
  } catch (thrown) {
    if (isRedirect(thrown)) forgetCart();
    throw thrown;
  }
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResetPasswordForm
      key={loaderData.token}
      token={loaderData.token}
      email={loaderData.email}
      linkValid={loaderData.linkValid}
      actionData={actionData}
    />
  );
}
