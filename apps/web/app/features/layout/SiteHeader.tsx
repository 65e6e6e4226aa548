import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { AccountMenu } from '../auth/AccountMenu';
import { CartButton } from '../cart/CartPanel';
import { GetStartedLink } from '../onboarding/GetStartedLink';
import { Logo } from './Logo';

const mainLinks = [
  { to: '/menus', label: 'Menus' },
  { to: '/how-it-works', label: 'How it works' },
  { to: '/onboarding/plans', label: 'Plans' },
  { to: '/gift-cards', label: 'Gift cards' },
  { to: '/blog/', label: 'Blog' },
];

export function SiteHeader({ variant = 'full' }: { variant?: 'full' | 'slim' }) {
  const root = useRouteLoaderData<RootData>('root');
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <header className={`site-header site-header--${variant}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Shown only while the cart is docked beside the menu (CSS), whose products come first. */}
      <a className="skip-link skip-link--cart" href="#cart-panel">
        Skip to your box
      </a>
      <div className="site-header__inner">
        <Link
          to="/"
          className="site-header__brand"
          aria-label={`${root?.site.name ?? 'Sprout & Spoon'} home`}
        >
          <Logo />
        </Link>
        {variant === 'full' ? (
          <>
            <CartButton />
            <button
              type="button"
              className="site-header__toggle"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
              <span className="hamburger" aria-hidden="true" />
            </button>
            <nav id={navId} className="site-header__nav" data-open={menuOpen} aria-label="Main">
              <ul>
                {mainLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to}>{link.label}</NavLink>
                  </li>
                ))}
              </ul>
              <GetStartedLink className="button button--primary site-header__cta" signedIn="nothing" />
              <AccountMenu />
            </nav>
          </>
        ) : null}
      </div>
    </header>
  );
}
