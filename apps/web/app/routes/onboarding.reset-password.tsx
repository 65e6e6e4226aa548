import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import type { Route } from './+types/onboarding.reset-password';
import '../features/auth/auth.css';

/** /onboarding/reset-password?token=…&email=… (the email stays in the URL on this path). */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { token: query.get('token') ?? '', email: query.get('email') ?? '' };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  return <ResetPasswordForm key={loaderData.token} token={loaderData.token} email={loaderData.email} />;
}
