import { CAPTURE_LABEL_EXPERIMENT, CAPTURE_LABEL_VARIANTS } from '@sprout/contracts';
import { useEffect, useId, useRef } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { markSignupUsed } from '../cart/storage';
import { useCartUi } from '../cart/useCart';
import { useModal } from '../cart/useModal';
import { CaptureEmailForm } from './CaptureEmailForm';

export const CAPTURE_HEADLINE = "Let's Get Started!";
export const CAPTURE_SUBLINE =
  'Save time and feed your kids nutritious meals and snacks, delivered fresh to your door.';

const BENEFITS = [
  'Organic, chef-made meals and snacks for every stage',
  'Hidden veggies, no added sugar',
  'Pick 12, 24 or 36 items per delivery',
  'Skip, pause or cancel anytime',
];

/**
 * The capture-email popup: shown when a product or preset is added before the visitor gave an email
 * and zip code. Closes from its icon, a click outside or a successful submit.
 */
export function CaptureEmailPopup() {
  const ui = useCartUi();
  const dialogRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const sublineId = useId();
  const open = ui.capture !== null;
  // The submit label experiment (decision 026): the variant's words, the form's 'Continue' otherwise;
  // the tracker records the exposure (data-experiment) once the popup shows.
  const variant = useRouteLoaderData<RootData>('root')?.experiments?.experiments.find(
    (entry) => entry.experiment_code === CAPTURE_LABEL_EXPERIMENT,
  )?.variant;
  // Closing without submitting drops what was waiting for the details.
  const dismiss = () => ui.setCapture(null);
  useModal(dialogRef, { open, onClose: dismiss, initialFocus: emailRef });
  // Local storage's 'signupUsed' records that the capture form was shown to this browser.
  useEffect(() => {
    if (open) markSignupUsed();
  }, [open]);
  if (!open) return null;
  return (
    // A click on the backdrop (outside the dialog) closes it; the keyboard has Escape and the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className="capture-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
    >
      <div
        ref={dialogRef}
        className="capture-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={sublineId}
        tabIndex={-1}
        data-experiment={variant && `${CAPTURE_LABEL_EXPERIMENT}.${variant}`}
      >
        <button type="button" className="capture-popup__close" aria-label="Close" onClick={dismiss}>
          <span aria-hidden="true">×</span>
        </button>
        <div className="capture-popup__aside">
          <p className="capture-popup__aside-title">Real food for little ones</p>
          <ul className="capture-popup__benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </div>
        <div className="capture-popup__main">
          <h2 id={headingId} className="capture-popup__headline">
            {CAPTURE_HEADLINE}
          </h2>
          <p id={sublineId} className="capture-popup__subline">
            {CAPTURE_SUBLINE}
          </p>
          <CaptureEmailForm
            formId="capture-popup"
            emailRef={emailRef}
            pending={ui.capture}
            onSuccess={dismiss}
            onLeave={dismiss}
            submitLabel={variant && CAPTURE_LABEL_VARIANTS[variant]}
          />
        </div>
      </div>
    </div>
  );
}
