import { parseWithZod } from '@conform-to/zod/v4';
import { endpoints } from '@sprout/contracts';
import { redirect } from 'react-router';
import { RETURN_PARAM, safeReturnPath, verificationForm } from '../features/auth/return-path';
import { signInRedirect } from '../features/auth/sign-in.server';
import { VerificationForm } from '../features/auth/VerificationForm';
import { replyWithApiFailure } from '../features/forms/reply.server';
import type { Route } from './+types/onboarding.verification';
import '../features/auth/auth.css';

export const CODE_FAILED_MESSAGE = 'That code did not work. Please sign in again.';

/** /onboarding/verification?code={verificationId}: without the login attempt, back to the login. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const verificationId = query.get('code') ?? '';
  if (verificationId === '') throw redirect('/onboarding/login');
  return { verificationId, returnTo: safeReturnPath(query.get(RETURN_PARAM)) };
}

/** Checks the code through the API and passes its session (and trusted-device) cookies on. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: verificationForm });
  if (submission.status !== 'success') return { result: submission.reply() };
  const { [RETURN_PARAM]: next, ...body } = submission.value;
  const answer = await context.api.call(endpoints.auth.verify, { body });
  if (answer.kind !== 'ok') return { result: replyWithApiFailure(submission, answer, { fields: ['code'] }) };
  return (
    signInRedirect(answer, context.site, { returnTo: safeReturnPath(next) }) ?? {
      result: submission.reply({ formErrors: [CODE_FAILED_MESSAGE] }),
    }
  );
}

export default function VerificationPage({ loaderData, actionData }: Route.ComponentProps) {
  // A new login attempt is a new form.
  return (
    <VerificationForm
      key={loaderData.verificationId}
      verificationId={loaderData.verificationId}
      returnTo={loaderData.returnTo}
      actionData={actionData}
    />
  );
}
