import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/onboarding.forgot-password';
import '../features/auth/auth.css';

/** /onboarding/forgot-password: only for logged-out visitors (others go to the account site). */
export async function loader(args: Route.LoaderArgs) {
  await guardRoute(args);
  return { email: new URL(args.request.url).searchParams.get('email') ?? '' };
}

export default function ForgotPasswordPage({ loaderData }: Route.ComponentProps) {
  return <ForgotPasswordForm email={loaderData.email} />;
}
