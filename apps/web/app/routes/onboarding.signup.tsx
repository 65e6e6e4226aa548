import { useLocation } from 'react-router';
import { pendingFromSearch, pendingToSearch } from '../features/cart/pending';
import { useCartView } from '../features/cart/useCart';
import { CaptureEmailForm } from '../features/onboarding/CaptureEmailForm';
import { CAPTURE_HEADLINE, CAPTURE_SUBLINE } from '../features/onboarding/CaptureEmailPopup';

export const handle = { title: 'Sign up' };

/**
 * /onboarding/signup (regflow-new layout): the capture form as a page. The account itself is made
 * at checkout; here the email and zip code go into the abandoned cart, then on to the plans (or the
 * menus when a plan is already chosen).
 */
export default function SignupPage() {
  const { search } = useLocation();
  const { data } = useCartView();
  // What the visitor was adding when sent here (a document POST before the JavaScript loaded).
  const pending = pendingFromSearch(new URLSearchParams(search));
  const next =
    data?.plan_id == null ? `/onboarding/plans?${pendingToSearch(pending)}`.replace(/\?$/, '') : '/menus';
  return (
    <div className="signup-page">
      <ol className="steps" aria-label="Sign-up steps">
        <li aria-current="step">Your details</li>
        <li>Plan</li>
        <li>Fill your box</li>
        <li>Checkout</li>
      </ol>
      <div className="signup-card">
        <header className="signup-card__intro">
          <h1 className="signup-card__headline">{CAPTURE_HEADLINE}</h1>
          <p>{CAPTURE_SUBLINE}</p>
        </header>
        <CaptureEmailForm pending={data?.plan_id == null ? null : pending} next={next} />
      </div>
    </div>
  );
}
