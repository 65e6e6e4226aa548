import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { LifecycleFormState } from './lifecycle.server';

/**
 * Pause for a number of weeks or until a date. The lengths are the API's (the pause preview): only
 * those that skip a box (decision 040); a date that skips none is refused with the API's words. A
 * real form (it works before the JavaScript loads); the date field is only enabled for "until a
 * date" once hydrated, but the server decides by `length` either way.
 */
export function PauseForm({
  state,
  today,
  latest,
  weekChoices,
}: {
  state: LifecycleFormState | undefined;
  today: string;
  latest: string;
  weekChoices: number[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'pause';
  const [length, setLength] = useState<'weeks' | 'until'>('weeks');
  const weeksError = state?.errors?.weeks?.[0];
  const untilError = state?.errors?.until?.[0];
  return (
    <Form method="post" className="account-card lifecycle-form" aria-labelledby="pause-title">
      <h2 id="pause-title">How long?</h2>
      {state?.message ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <fieldset className="lifecycle-form__choices">
        <legend className="visually-hidden">Pause length</legend>
        <label className="lifecycle-choice">
          <input
            type="radio"
            name="length"
            value="weeks"
            checked={length === 'weeks'}
            onChange={() => setLength('weeks')}
          />
          <span>For</span>
          <select
            name="weeks"
            defaultValue={weekChoices.includes(2) ? '2' : String(weekChoices[0] ?? '')}
            aria-label="Number of weeks"
            aria-invalid={weeksError ? true : undefined}
            aria-describedby={weeksError ? 'weeks-error' : undefined}
            onFocus={() => setLength('weeks')}
          >
            {weekChoices.map((weeks) => (
              <option key={weeks} value={weeks}>
                {weeks === 1 ? '1 week' : `${weeks} weeks`}
              </option>
            ))}
          </select>
        </label>
        {weeksError ? (
          <p id="weeks-error" className="form-error">
            {weeksError}
          </p>
        ) : null}
        <label className="lifecycle-choice">
          <input
            type="radio"
            name="length"
            value="until"
            checked={length === 'until'}
            onChange={() => setLength('until')}
          />
          <span>Until</span>
          <input
            type="date"
            name="until"
            min={today}
            max={latest}
            aria-label="Resume date"
            aria-invalid={untilError ? true : undefined}
            aria-describedby={untilError ? 'until-error' : undefined}
            onFocus={() => setLength('until')}
          />
        </label>
        {untilError ? (
          <p id="until-error" className="form-error">
            {untilError}
          </p>
        ) : null}
      </fieldset>
      <p className="lifecycle-form__note">
        Boxes before the resume date are skipped and not charged. A box already past its cutoff still ships.
      </p>
      <button
        type="submit"
        name="intent"
        value="pause"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Pausing…' : 'Pause deliveries'}
      </button>
    </Form>
  );
}

/** A paused subscription: when it starts again, and a button to start now. */
export function PausedNotice({ resumeOn, resumeLabel }: { resumeOn: string; resumeLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'resume';
  return (
    <Form method="post" action="/account/pause" className="account-card lifecycle-paused">
      <h2>Paused until {resumeLabel}</h2>
      <p>
        Your boxes start again on <time dateTime={resumeOn}>{resumeLabel}</time>. We'll email you a week
        before.
      </p>
      <button
        type="submit"
        name="intent"
        value="resume"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Resuming…' : 'Resume now'}
      </button>
    </Form>
  );
}
