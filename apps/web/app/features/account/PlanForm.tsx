import {
  boxFilledAtCutoffMessage,
  DELIVERY_FREQUENCIES_WEEKS,
  type Delivery,
  type Plan,
  type Subscription,
  type UpdateSubscriptionBody,
} from '@sprout/contracts';
import { useRef } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import { formatDeliveryDate, frequencyLabel, money } from '../checkout/format';
import { FieldMessage } from '../forms/TextInput';
import { useHydrated } from '../forms/useHydrated';
import { FilledItems } from './DeliveryParts';
import { weekdayName } from './format';
import type { PlanActionData } from './plan.server';

type Props = {
  subscription: Subscription;
  plans: Pick<Plan, 'id' | 'name' | 'threshold' | 'item_price_from' | 'box_price_from'>[];
  weekdays: number[];
  nextDelivery: Delivery | null;
  actionData: PlanActionData | undefined;
};

function sameValues(a: UpdateSubscriptionBody | undefined, b: UpdateSubscriptionBody): boolean {
  return (
    a !== undefined &&
    a.plan_id === b.plan_id &&
    a.frequency_weeks === b.frequency_weeks &&
    a.delivery_weekday === b.delivery_weekday
  );
}

/**
 * Plan, frequency and delivery day: each change is previewed (the next box's new price, from the
 * server) before the customer confirms it. Without JavaScript "See the new price" posts the
 * preview; with it, the preview follows the choices as they change.
 */
export function PlanForm({ subscription, plans, weekdays, nextDelivery, actionData }: Props) {
  const hydrated = useHydrated();
  const preview = useFetcher<PlanActionData>({ key: 'plan-preview' });
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'confirm';
  const current: UpdateSubscriptionBody = {
    plan_id: subscription.plan.id,
    frequency_weeks: subscription.frequency_weeks as 1 | 2 | 4,
    delivery_weekday: subscription.delivery_weekday,
  };
  // The newest answer about a preview: the fetcher's (live) or the page's (a posted preview).
  const previewData = preview.data ?? (actionData?.intent === 'preview' ? actionData : undefined);
  const errors = (actionData?.ok === false ? actionData.errors : undefined) ?? previewData?.errors ?? {};
  const formMessage =
    actionData?.ok === false ? actionData.message : previewData?.ok === false ? previewData.message : null;
  const chosen = previewData?.ok ? previewData.values : undefined;
  const changed = chosen !== undefined && !sameValues(chosen, current);
  const defaults = actionData?.intent === 'preview' && actionData.values ? actionData.values : current;

  function previewNow() {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set('intent', 'preview');
    preview.submit(data, { method: 'post' });
  }

  const newBox = previewData?.ok ? previewData.change?.next_delivery : null;
  return (
    <Form
      method="post"
      ref={formRef}
      className="plan-form"
      onChange={hydrated ? previewNow : undefined}
      aria-busy={saving}
    >
      {formMessage ? (
        <p className="form-error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <fieldset className="choice-group">
        <legend>Box size</legend>
        {plans.map((plan) => (
          <label key={plan.id} className="choice">
            <input
              type="radio"
              name="plan_id"
              value={plan.id}
              defaultChecked={plan.id === defaults.plan_id}
              aria-describedby={errors.plan_id ? 'plan_id-error' : undefined}
            />
            <span>
              <strong>{plan.name}</strong>, from {money(plan.item_price_from)} an item
            </span>
          </label>
        ))}
        <FieldMessage id="plan_id-error" message={errors.plan_id?.[0]} role="alert" />
      </fieldset>
      <fieldset className="choice-group">
        <legend>How often</legend>
        {DELIVERY_FREQUENCIES_WEEKS.map((weeks) => (
          <label key={weeks} className="choice">
            <input
              type="radio"
              name="frequency_weeks"
              value={weeks}
              defaultChecked={weeks === defaults.frequency_weeks}
              aria-describedby={errors.frequency_weeks ? 'frequency_weeks-error' : undefined}
            />
            <span>{frequencyLabel(weeks)}</span>
          </label>
        ))}
        <FieldMessage id="frequency_weeks-error" message={errors.frequency_weeks?.[0]} role="alert" />
      </fieldset>
      <div className="field">
        <label htmlFor="delivery_weekday">Delivery day</label>
        <select
          id="delivery_weekday"
          name="delivery_weekday"
          defaultValue={defaults.delivery_weekday}
          aria-describedby={errors.delivery_weekday ? 'delivery_weekday-error' : undefined}
        >
          {weekdays.map((weekday) => (
            <option key={weekday} value={weekday}>
              {weekdayName(weekday)}
            </option>
          ))}
        </select>
        <FieldMessage id="delivery_weekday-error" message={errors.delivery_weekday?.[0]} role="alert" />
      </div>

      <section className="plan-preview" aria-live="polite" aria-busy={preview.state !== 'idle'}>
        <h2>What it costs</h2>
        {nextDelivery ? (
          <p>
            Now: your box of {formatDeliveryDate(nextDelivery.date)} costs{' '}
            <strong>{money(nextDelivery.costs.total_cost)}</strong>.
          </p>
        ) : null}
        {preview.state !== 'idle' ? <p className="muted">Working out the new price…</p> : null}
        {changed && newBox ? (
          <p data-preview-price="">
            With this change: your next box, {formatDeliveryDate(newBox.date)}, costs{' '}
            <strong>{money(newBox.costs.total_cost)}</strong> ({newBox.threshold} items).
          </p>
        ) : null}
        {changed && newBox && newBox.item_count < newBox.threshold ? (
          <p data-preview-fill="">{boxFilledAtCutoffMessage(newBox.item_count, newBox.threshold)}</p>
        ) : null}
        {changed && newBox ? <FilledItems delivery={newBox} /> : null}
        {changed && !newBox ? <p>With this change no box is coming up yet.</p> : null}
        {chosen !== undefined && !changed ? <p className="muted">These are your current choices.</p> : null}
      </section>

      <div className="form-actions">
        {!hydrated ? (
          <button type="submit" name="intent" value="preview" className="button button--secondary">
            See the new price
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="confirm"
          className="button button--primary"
          disabled={hydrated && (!changed || saving || preview.state !== 'idle')}
        >
          {saving ? 'Saving…' : 'Confirm change'}
        </button>
      </div>
    </Form>
  );
}
