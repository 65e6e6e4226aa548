import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSites } from '../auth/useSites';
import { useCartView } from '../cart/useCart';

/**
 * Get-started: signup while the visitor is not identified, plans once identified without a plan,
 * otherwise the menus. The root loader knows the cart, so the server renders the right one.
 */
export function GetStartedLink({
  className,
  children = 'Get started',
  signedIn: whenSignedIn = 'account',
}: {
  className?: string;
  children?: ReactNode;
  /** What a signed-in customer sees: a link to their account, or nothing (the header's account menu). */
  signedIn?: 'account' | 'nothing';
}) {
  const { identified, data, page } = useCartView();
  const sites = useSites();
  // A signed-in customer has an account, not a sign-up ahead of them.
  if (page.signedIn)
    return whenSignedIn === 'nothing' ? null : (
      <a href={sites.account} className={className}>
        My account
      </a>
    );
  const to = !identified ? '/onboarding/signup' : data?.plan_id == null ? '/onboarding/plans' : '/menus';
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
