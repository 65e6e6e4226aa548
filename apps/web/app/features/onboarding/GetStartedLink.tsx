import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCartState } from '../cart/CartProvider';
import { getStartedPath } from '../cart/state';

/**
 * Get-started (spec section 2): signup while the visitor is not identified, plans once identified
 * without a plan, otherwise the menus. Server rendering does not know the visitor: signup.
 */
export function GetStartedLink({
  className,
  children = 'Get started',
}: {
  className?: string;
  children?: ReactNode;
}) {
  const state = useCartState();
  return (
    <Link to={getStartedPath(state)} className={className}>
      {children}
    </Link>
  );
}
