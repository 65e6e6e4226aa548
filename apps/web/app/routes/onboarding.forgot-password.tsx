import { parseWithZod } from '@conform-to/zod/v4';
import { endpoints, passwordResetRequestBody } from '@sprout/contracts';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { replyWithApiFailure } from '../features/forms/reply.server';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/onboarding.forgot-password';
import '../features/auth/auth.css';

/** /onboarding/forgot-password: only for logged-out visitors (others go to the account site). */
export async function loader(args: Route.LoaderArgs) {
  await guardRoute(args);
  return { email: new URL(args.request.url).searchParams.get('email') ?? '' };
}

/** Asks the API for the reset mail; its answer is the same for every email, shown as a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: passwordResetRequestBody });
  if (submission.status !== 'success') return { result: submission.reply() };
  const answer = await context.api.call(endpoints.auth.requestPasswordReset, { body: submission.value });
  if (answer.kind !== 'ok') return { result: replyWithApiFailure(submission, answer, { fields: ['email'] }) };
  return { result: submission.reply(), notice: answer.data.message };
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ForgotPasswordForm email={loaderData.email} actionData={actionData} />;
}
