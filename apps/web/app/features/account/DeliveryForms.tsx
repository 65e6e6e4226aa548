import type { Delivery } from '@sprout/contracts';
import { useEffect } from 'react';
import { useFetcher, useFetchers, useLocation } from 'react-router';
import { useHydrated } from '../forms/useHydrated';
import { announce } from '../layout/LiveRegion';
import type { DeliveryActionData } from './deliveries.server';

/** Before hydration a form posts as a document: the action sends the customer back to this page. */
export function ReturnHere() {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  if (hydrated) return null;
  return <input type="hidden" name="returnTo" value={`${pathname}${search}`} />;
}

const statusKey = (date: string) => `delivery-status-${date}`;

/** The status to show: the one being sent while a skip or unskip is in flight (optimistic). */
export function useOptimisticStatus(delivery: Delivery): Delivery['status'] {
  const sending = useFetchers().find(
    (fetcher) => fetcher.key === statusKey(delivery.date) && fetcher.formData,
  );
  const intent = sending?.formData?.get('intent');
  if (intent === 'skip') return 'skipped';
  if (intent === 'unskip') return 'scheduled';
  return delivery.status;
}

/**
 * Skip or bring back one box until its cutoff: the button shows the new state at once while it
 * is saved, says what happened to screen readers, and shows a refusal beside it.
 */
export function SkipToggle({ delivery, label }: { delivery: Delivery; label: string }) {
  const fetcher = useFetcher<DeliveryActionData>({ key: statusKey(delivery.date) });
  const status = useOptimisticStatus(delivery);
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (outcome?.message) announce(outcome.message);
  }, [outcome]);
  const skipped = status === 'skipped';
  const canChange = skipped ? delivery.can_unskip || fetcher.state !== 'idle' : delivery.editable;
  if (!canChange) return null;
  const errorId = `skip-error-${delivery.date}`;
  const failed = outcome && !outcome.ok ? outcome.message : null;
  return (
    <fetcher.Form method="post" className="skip-form" aria-busy={fetcher.state !== 'idle'}>
      <input type="hidden" name="date" value={delivery.date} />
      <ReturnHere />
      <button
        type="submit"
        name="intent"
        value={skipped ? 'unskip' : 'skip'}
        className={skipped ? 'button button--primary' : 'button button--secondary'}
        aria-describedby={failed ? errorId : undefined}
      >
        {skipped ? 'Unskip' : 'Skip'}
        <span className="visually-hidden"> the box of {label}</span>
      </button>
      {failed ? (
        <p id={errorId} className="form-error" role="alert">
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
