import { useNavigate } from 'react-router';
import { useCartController } from '../features/cart/CartProvider';
import { CaptureEmailForm } from '../features/onboarding/CaptureEmailForm';
import { CAPTURE_HEADLINE, CAPTURE_SUBLINE } from '../features/onboarding/CaptureEmailPopup';

export const handle = { title: 'Sign up' };

/**
 * /onboarding/signup (regflow-new layout): the capture form as a page. The account itself is made
 * at checkout; here the email and zip code go into the abandoned cart, then on to the plans (or the
 * menus when a plan is already chosen).
 */
export default function SignupPage() {
  const navigate = useNavigate();
  const controller = useCartController();
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
        <CaptureEmailForm
          onSuccess={() =>
            navigate(controller.getState().onboarding.planId === null ? '/onboarding/plans' : '/menus')
          }
        />
      </div>
    </div>
  );
}
