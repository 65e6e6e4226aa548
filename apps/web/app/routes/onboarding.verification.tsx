import { redirect } from 'react-router';
import { VerificationForm } from '../features/auth/VerificationForm';
import type { Route } from './+types/onboarding.verification';
import '../features/auth/auth.css';

/** /onboarding/verification?code={verificationId}: without the login attempt, back to the login. */
export function loader({ request }: Route.LoaderArgs) {
  const verificationId = new URL(request.url).searchParams.get('code') ?? '';
  if (verificationId === '') throw redirect('/onboarding/login');
  return { verificationId };
}

export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  // A new login attempt is a new form.
  return <VerificationForm key={loaderData.verificationId} verificationId={loaderData.verificationId} />;
}
