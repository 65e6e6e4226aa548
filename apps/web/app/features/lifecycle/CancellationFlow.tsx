import {
  CANCELLATION_DETAILS_MAX,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  type CancellationStarted,
} from '@sprout/contracts';
import { Form, Link, useNavigation } from 'react-router';
import type { LifecycleFormState } from './lifecycle.server';

/** The button being pressed, so only it shows its busy word. */
function usePressed(): string | null {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || !navigation.formData) return null;
  return String(navigation.formData.get('reason') ?? navigation.formData.get('intent') ?? '');
}

/**
 * Step one: why. Each reason is its own submit button (one click); "something else" asks for a
 * few words. No dark patterns: the way out is as plain as the way to stay.
 */
export function ReasonSurvey({ state }: { state: LifecycleFormState | undefined }) {
  const pressed = usePressed();
  const detailsError = state?.errors?.details?.[0];
  const reasonError = state?.errors?.reason?.[0];
  return (
    <Form method="post" className="account-card lifecycle-form" aria-labelledby="reason-title">
      <input type="hidden" name="intent" value="start" />
      <h2 id="reason-title">Why are you canceling?</h2>
      <p>One click is enough. Your answer helps us cook better for families like yours.</p>
      {state?.message || reasonError ? (
        <p className="form-error" role="alert">
          {state?.message ?? reasonError}
        </p>
      ) : null}
      <div className="lifecycle-reasons">
        {CANCELLATION_REASONS.filter((reason) => reason !== 'other').map((reason) => (
          <button
            key={reason}
            type="submit"
            name="reason"
            value={reason}
            className="button button--secondary lifecycle-reasons__button"
            disabled={pressed !== null}
            aria-busy={pressed === reason}
          >
            {CANCELLATION_REASON_LABELS[reason]}
          </button>
        ))}
      </div>
      <label htmlFor="cancel-details" className="lifecycle-form__label">
        Something else? Tell us in a few words
      </label>
      <textarea
        id="cancel-details"
        name="details"
        rows={3}
        maxLength={CANCELLATION_DETAILS_MAX}
        aria-invalid={detailsError ? true : undefined}
        aria-describedby={detailsError ? 'cancel-details-error' : undefined}
      />
      {detailsError ? (
        <p id="cancel-details-error" className="form-error" role="alert">
          {detailsError}
        </p>
      ) : null}
      <button
        type="submit"
        name="reason"
        value="other"
        className="button button--secondary"
        disabled={pressed !== null}
        aria-busy={pressed === 'other'}
      >
        {CANCELLATION_REASON_LABELS.other}
      </button>
    </Form>
  );
}

/** Step two: the one offer the reason gets (if any), and the plain way to cancel beside it. */
export function OfferStep({
  started,
  state,
}: {
  started: CancellationStarted;
  state: LifecycleFormState | undefined;
}) {
  const pressed = usePressed();
  const { offer } = started;
  return (
    <Form method="post" className="account-card lifecycle-form" aria-labelledby="offer-title">
      {offer ? (
        <>
          <h2 id="offer-title">{offer.headline}</h2>
          <p>{offer.description}</p>
        </>
      ) : (
        <>
          <h2 id="offer-title">Cancel your subscription?</h2>
          <p>No more boxes will be made or charged. A box already being prepared still arrives.</p>
        </>
      )}
      {state?.message ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <div className="lifecycle-form__actions">
        {offer ? (
          <button
            type="submit"
            name="intent"
            value="accept"
            className="button button--primary"
            disabled={pressed !== null}
            aria-busy={pressed === 'accept'}
          >
            {pressed === 'accept' ? 'Applying…' : 'Yes, I’ll stay'}
          </button>
        ) : (
          <Link to="/account" className="button button--primary">
            Keep my subscription
          </Link>
        )}
        <button
          type="submit"
          name="intent"
          value="confirm"
          className="button button--secondary"
          disabled={pressed !== null}
          aria-busy={pressed === 'confirm'}
        >
          {pressed === 'confirm'
            ? 'Canceling…'
            : offer
              ? 'No thanks, cancel my subscription'
              : 'Cancel my subscription'}
        </button>
      </div>
    </Form>
  );
}
