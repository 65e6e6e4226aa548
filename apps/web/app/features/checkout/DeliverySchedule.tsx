import type { Ref } from 'react';
import type { DeliveryOptions } from './delivery';
import { formatCutoff, formatDeliveryDate, frequencyLabel } from './format';

type Props = {
  delivery: DeliveryOptions | null;
  /** The zip code is being looked up again. */
  loading: boolean;
  date: string | null;
  onDateChange(date: string): void;
  frequency: number;
  onFrequencyChange(weeks: number): void;
  dateError: string | null;
  frequencyError: string | null;
  dateErrorRef?: Ref<HTMLParagraphElement>;
  disabled?: boolean;
};

/**
 * The first delivery date (the next open dates for the zip code, each with its order cutoff) and
 * how often the box comes: two radio groups.
 */
export function DeliverySchedule({
  delivery,
  loading,
  date,
  onDateChange,
  frequency,
  onFrequencyChange,
  dateError,
  frequencyError,
  dateErrorRef,
  disabled = false,
}: Props) {
  const frequencies = delivery?.status === 'ready' ? delivery.frequencies : [1, 2, 4];
  return (
    <>
      <fieldset
        className="checkout-fieldset"
        aria-busy={loading}
        aria-describedby={dateError ? 'checkout-date-error' : undefined}
        disabled={disabled}
      >
        <legend className="checkout-fieldset__legend">First delivery</legend>
        <p className="checkout-fieldset__hint" aria-live="polite">
          {loading
            ? 'Finding delivery dates for your zip code…'
            : delivery?.status === 'ready' && delivery.place
              ? `Delivery dates for ${delivery.place.city}, ${delivery.place.stateCode}.`
              : delivery === null
                ? 'Enter your zip code to see delivery dates.'
                : null}
        </p>
        {delivery?.status === 'ready' ? (
          <div className="choice-grid choice-grid--dates">
            {delivery.dates.map((option) => {
              const cutoff = formatCutoff(option.order_cutoff_at, delivery.timeZone);
              return (
                <label key={option.date} className="choice-card">
                  <input
                    type="radio"
                    name="first_delivery_date"
                    value={option.date}
                    checked={date === option.date}
                    onChange={() => onDateChange(option.date)}
                  />
                  <span className="choice-card__body">
                    <span className="choice-card__title">{formatDeliveryDate(option.date)}</span>
                    {cutoff ? <span className="choice-card__note">{cutoff}</span> : null}
                  </span>
                </label>
              );
            })}
          </div>
        ) : delivery?.status === 'error' ? (
          <p className="checkout-fieldset__note">{delivery.message}</p>
        ) : null}
        {dateError ? (
          <p
            className="checkout-error"
            id="checkout-date-error"
            ref={dateErrorRef}
            tabIndex={-1}
            role="alert"
          >
            {dateError}
          </p>
        ) : null}
      </fieldset>

      <fieldset
        className="checkout-fieldset"
        aria-describedby={frequencyError ? 'checkout-frequency-error' : undefined}
        disabled={disabled}
      >
        <legend className="checkout-fieldset__legend">How often</legend>
        <p className="checkout-fieldset__hint">Skip, pause or change it any time from your account.</p>
        <div className="choice-grid choice-grid--frequency">
          {frequencies.map((weeks) => (
            <label key={weeks} className="choice-card choice-card--compact">
              <input
                type="radio"
                name="frequency_weeks"
                value={weeks}
                checked={frequency === weeks}
                onChange={() => onFrequencyChange(weeks)}
              />
              <span className="choice-card__body">
                <span className="choice-card__title">{frequencyLabel(weeks)}</span>
              </span>
            </label>
          ))}
        </div>
        {frequencyError ? (
          <p className="checkout-error" id="checkout-frequency-error" role="alert">
            {frequencyError}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
