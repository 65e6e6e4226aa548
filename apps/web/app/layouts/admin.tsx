import { isRouteErrorResponse, NavLink, Outlet, useRouteError } from 'react-router';
import { requireAdmin } from '../features/admin/admin.server';
import { ADMIN_SECTIONS } from '../features/admin/sections';
import { Logo } from '../features/layout/Logo';
import type { Route } from './+types/admin';
import '../features/admin/admin.css';

/** The admin site's guard (decision 027): every page under /admin needs an admin session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { admin: await requireAdmin(request, context) };
}

/** /admin: the back office, its own header and sections; the storefront is another site. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="layout admin-layout" data-layout="admin">
      <AdminHeader email={loaderData.admin.email} />
      <div className="admin-layout__body">
        <nav className="admin-nav" aria-label="Admin sections">
          <ul>
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} className="admin-nav__link">
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="admin-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function AdminHeader({ email }: { email?: string }) {
  return (
    <header className="admin-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The storefront is another site: a full page load. */}
      <a href="/" className="admin-header__brand" aria-label="Sprout & Spoon store">
        <Logo />
      </a>
      <span className="admin-header__title">Admin</span>
      {email ? (
        <p className="admin-header__who">
          <span className="visually-hidden">Signed in as </span>
          {email}
        </p>
      ) : null}
      <form method="post" action="/account/sign-out" className="admin-header__sign-out">
        <button type="submit" className="button button--ghost">
          Sign out
        </button>
      </form>
    </header>
  );
}

/** A customer who opens /admin: a 403 page of the admin site (not the storefront's 404). */
export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!forbidden && !notFound) console.error(error);
  return (
    <div className="layout admin-layout" data-layout="admin">
      <AdminHeader />
      <main id="main" className="admin-main admin-error" data-status={forbidden ? 403 : notFound ? 404 : 500}>
        <h1>{forbidden ? 'Admins only' : notFound ? 'Not found' : 'Something went wrong'}</h1>
        <p>
          {forbidden
            ? 'This part of the store is for the team that runs it. You are signed in with a customer account.'
            : notFound
              ? 'There is nothing at this address.'
              : 'Sorry, something went wrong on the server.'}
        </p>
        <p>
          <a href="/account" className="button button--primary">
            Go to your account
          </a>{' '}
          <a href="/" className="button button--ghost">
            Back to the store
          </a>
        </p>
      </main>
    </div>
  );
}
