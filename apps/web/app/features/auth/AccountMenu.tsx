import { Form, Link, useNavigation } from 'react-router';
import { useCartPage } from '../cart/useCart';
import { LOGIN_PATH } from './login-routing';
import { useSites } from './useSites';

export const SIGN_OUT_ACTION = '/account/sign-out';

/**
 * The header's account corner, as the server knows the visitor (root loader), so the first paint
 * is already right: "Log in" for a visitor; the account (or admin) link and "Log out" for someone
 * signed in. Log out is a real form post: it works before the JavaScript loads, and its action ends
 * the session, forgets the cart and reloads the home page.
 */
export function AccountMenu() {
  const { signedIn, isAdmin } = useCartPage();
  const sites = useSites();
  const navigation = useNavigation();
  if (!signedIn) {
    return (
      <div className="site-header__account">
        <Link to={LOGIN_PATH}>Log in</Link>
      </div>
    );
  }
  const leaving = navigation.formAction === SIGN_OUT_ACTION;
  return (
    <div className="site-header__account">
      {/* The account and admin sites are other apps: plain links, full page loads. */}
      <a href={isAdmin ? sites.admin : sites.account}>{isAdmin ? 'Admin' : 'My account'}</a>
      <Form method="post" action={SIGN_OUT_ACTION} className="site-header__logout-form">
        <button
          type="submit"
          className="button button--secondary site-header__logout"
          disabled={leaving}
          aria-busy={leaving}
        >
          {leaving ? 'Logging out…' : 'Log out'}
        </button>
      </Form>
    </div>
  );
}
