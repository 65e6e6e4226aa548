import { Link, Outlet, useRouteLoaderData } from 'react-router';
import { AccountNav } from '../features/account/AccountNav';
import { requireCustomer } from '../features/account/account.server';
import type { AccountLayoutData } from '../features/account/useAccountCustomer';
import { Logo } from '../features/layout/Logo';
import type { RootData } from '../root';
import type { Route } from './+types/account';
import '../features/account/account.css';

/** The account site's guard: every page under /account needs a customer. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AccountLayoutData> {
  return { customer: await requireCustomer(request, context) };
}

/** /account: its own header (the brand leads back to the store), the sections, and the page. */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const { customer } = loaderData;
  const name = customer.profile.first_name ?? customer.email;
  return (
    <div className="layout account-layout" data-layout="account">
      <header className="site-header account-header">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <div className="account-header__inner">
          {/* The storefront is another site: a full page load. */}
          <a
            href="/"
            className="site-header__brand"
            aria-label={`${root?.site.name ?? 'Sprout & Spoon'} store`}
          >
            <Logo />
          </a>
          <p className="account-header__who">
            <span className="visually-hidden">Signed in as </span>
            {name}
          </p>
          <a href="/menus" className="account-header__shop">
            Menus
          </a>
        </div>
      </header>
      <div className="account-layout__body">
        <AccountNav />
        <main id="main" className="account-main">
          <Outlet />
        </main>
      </div>
      <footer className="account-footer">
        <p>
          Questions?{' '}
          <Link to="/contact-us" reloadDocument>
            Contact us
          </Link>{' '}
          ·{' '}
          <Link to="/faq" reloadDocument>
            FAQ
          </Link>
        </p>
      </footer>
    </div>
  );
}
