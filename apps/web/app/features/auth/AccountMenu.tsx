import { useState } from 'react';
import { Link } from 'react-router';
import { authApi } from './auth-api';
import { LOGIN_PATH } from './login-routing';
import { clearStoredCart, markSignedOut, useAuthStatus } from './session';
import { useSites } from './useSites';

/**
 * The header's account corner: "Log in" for a visitor (also what the server renders, so it works
 * before the JavaScript loads); once the browser knows a customer is signed in (after hydration),
 * the account link and "Log out" (which ends the session, clears the abandoned cart and goes home).
 */
export function AccountMenu() {
  const status = useAuthStatus();
  const sites = useSites();
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  if (status.state !== 'signed-in') {
    return (
      <div className="site-header__account">
        <Link to={LOGIN_PATH}>Log in</Link>
      </div>
    );
  }

  async function logOut() {
    setLeaving(true);
    setFailed(false);
    const result = await authApi().logout();
    if (result.kind === 'error') {
      setLeaving(false);
      setFailed(true);
      return;
    }
    clearStoredCart();
    markSignedOut();
    // A fresh page: the in-memory cart and user go with the old one.
    window.location.assign('/');
  }

  return (
    <div className="site-header__account">
      {/* The account and admin sites are other apps: plain links, full page loads. */}
      <a href={status.isAdmin ? sites.admin : sites.account}>{status.isAdmin ? 'Admin' : 'My account'}</a>
      <button
        type="button"
        className="button button--secondary site-header__logout"
        onClick={logOut}
        disabled={leaving}
        aria-busy={leaving}
      >
        {leaving ? 'Logging out…' : 'Log out'}
      </button>
      {failed ? (
        <span className="visually-hidden" role="alert">
          Logging out did not work. Please try again.
        </span>
      ) : null}
    </div>
  );
}
