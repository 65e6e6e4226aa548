import { LoginForm } from '../features/auth/LoginForm';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/onboarding.login';
import '../features/auth/auth.css';

/**
 * /onboarding/login (no-footer, auth guard): a signed-in visitor is redirected by the server to the
 * account site. The capture popup sends `?email=…&error=…` for an email that has an account; they
 * are read here, on the server, since the app start takes the email out of the URL.
 */
export async function loader(args: Route.LoaderArgs) {
  await guardRoute(args);
  const query = new URL(args.request.url).searchParams;
  return { email: query.get('email') ?? '', error: query.get('error') || null };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return <LoginForm email={loaderData.email} error={loaderData.error} />;
}
