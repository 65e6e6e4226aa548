import { redirect } from 'react-router';

/** /onboarding has no screen: it starts the sign-up flow. */
export function loader() {
  return redirect('/onboarding/signup');
}
