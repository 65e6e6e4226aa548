import { NONPROFIT_SHARE_PERCENT, NONPROFITS } from '@sprout/contracts';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { announce } from './data-layer';
import type { NonprofitActionData } from './nonprofit.server';

/**
 * The checkout success page's charity choice (decision 026, "Nonprofit selection"): a real form
 * posting to the page's own action, through a fetcher once hydrated so the one-visit page is not
 * loaded again; `posted` is the action's answer when the form was sent before hydration.
 */
export function NonprofitSelection({ orderId, posted }: { orderId: number; posted?: NonprofitActionData }) {
  const fetcher = useFetcher<NonprofitActionData>();
  const pending = fetcher.formData;
  const pendingId = Number(pending?.get('non_profit_id'));
  // Optimistic: the choice being sent shows at once; the answer (or the pre-hydration post) after.
  const state: NonprofitActionData | undefined = pending
    ? {
        selection:
          pending.get('intent') === 'remove'
            ? null
            : { id: pendingId, name: NONPROFITS.find((item) => item.id === pendingId)?.name ?? '' },
      }
    : (fetcher.data ?? posted);
  const selection = state?.selection ?? null;

  // Page scripts hear a removal the server accepted (an announced DOM event, decision 026).
  const announcedFor = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || answer.error || answer.selection || announcedFor.current === answer) return;
    announcedFor.current = answer;
    announce({ type: 'nonprofit-selection-removed', detail: { order_id: orderId } });
  }, [fetcher.data, orderId]);

  return (
    <section className="checkout-success__card nonprofit" aria-labelledby="nonprofit-title">
      <h2 id="nonprofit-title" className="checkout-section__title">
        Give {NONPROFIT_SHARE_PERCENT}% of this order to a charity
      </h2>
      {state?.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {selection ? (
        <fetcher.Form method="post" className="nonprofit__chosen">
          <p role="status">
            {NONPROFIT_SHARE_PERCENT}% of this order goes to <strong>{selection.name}</strong>.
          </p>
          <input type="hidden" name="order_id" value={orderId} />
          <button className="button button--ghost" type="submit" name="intent" value="remove">
            Remove {selection.name}
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" className="nonprofit__form">
          <input type="hidden" name="order_id" value={orderId} />
          <fieldset>
            <legend>Choose a charity, on us</legend>
            {NONPROFITS.map((nonprofit) => (
              <label key={nonprofit.id} className="nonprofit__option">
                <input type="radio" name="non_profit_id" value={nonprofit.id} required /> {nonprofit.name}
              </label>
            ))}
          </fieldset>
          <button className="button button--primary" type="submit" name="intent" value="select">
            Give to this charity
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
