import { Form, NavLink, useNavigation } from 'react-router';

/** The account site's sections, in the order a customer needs them. */
export const ACCOUNT_SECTIONS = [
  { to: '/account', label: 'Overview', end: true },
  { to: '/account/deliveries', label: 'Deliveries', end: false },
  { to: '/account/plan', label: 'Plan', end: false },
  { to: '/account/orders', label: 'Orders', end: false },
  { to: '/account/address', label: 'Address & card', end: false },
  { to: '/account/family', label: 'Family', end: false },
  { to: '/account/referrals', label: 'Referrals', end: false },
  { to: '/account/gift-cards', label: 'Gift cards', end: false },
  { to: '/account/profile', label: 'Profile', end: false },
] as const;

export const SIGN_OUT_ACTION = '/account/sign-out';

/** Ends the session (a real form: it works before the JavaScript loads). */
export function SignOutForm({ className = 'button button--ghost' }: { className?: string }) {
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.formAction === SIGN_OUT_ACTION;
  return (
    <Form method="post" action={SIGN_OUT_ACTION} reloadDocument className="account-nav__sign-out">
      <button type="submit" className={className} aria-busy={leaving} disabled={leaving}>
        {leaving ? 'Signing out…' : 'Sign out'}
      </button>
    </Form>
  );
}

/**
 * The sections: a column beside the page on wide windows, rows of tabs that wrap on phones
 * (compact, and every section stays one tap away without a menu to open).
 */
export function AccountNav() {
  return (
    <nav className="account-nav" aria-label="Your account">
      <ul className="account-nav__list">
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className="account-nav__link">
              {section.label}
            </NavLink>
          </li>
        ))}
        <li>
          <SignOutForm className="account-nav__link account-nav__button" />
        </li>
      </ul>
    </nav>
  );
}
