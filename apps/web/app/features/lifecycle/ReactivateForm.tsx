import type { SavedPaymentMethod } from '@sprout/contracts';
import { Form, useNavigation } from 'react-router';
import { FieldMessage } from '../forms/TextInput';
import { formatCalendarDay } from './format';
import type { LifecycleFormState } from './lifecycle.server';

type PlanChoice = { id: number; name: string; threshold: number; box_price_from: number; tag: string | null };

/** Plan, first delivery date, saved card: one real form, one button. */
export function ReactivateForm({
  plans,
  currentPlanId,
  dates,
  card,
  state,
}: {
  plans: PlanChoice[];
  currentPlanId: number | null;
  dates: string[];
  card: SavedPaymentMethod | null;
  state: LifecycleFormState | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  const errors = state?.errors ?? {};
  const defaultPlan = currentPlanId ?? plans.find((plan) => plan.tag === 'popular')?.id ?? plans[0]?.id;
  return (
    <Form method="post" className="reactivate-form">
      {state?.message ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <fieldset aria-describedby={errors.plan_id ? 'plan_id-error' : undefined}>
        <legend>Box size</legend>
        {plans.map((plan) => (
          <label key={plan.id} className="reactivate-choice">
            <input
              type="radio"
              name="plan_id"
              value={plan.id}
              defaultChecked={plan.id === defaultPlan}
              required
            />
            <span>
              <strong>{plan.name}</strong>
              {plan.tag === 'popular' ? ' (most popular)' : ''} · from ${plan.box_price_from.toFixed(2)} a box
            </span>
          </label>
        ))}
        <FieldMessage id="plan_id-error" message={errors.plan_id?.[0]} role="alert" />
      </fieldset>
      <fieldset aria-describedby={errors.first_delivery_date ? 'first_delivery_date-error' : undefined}>
        <legend>First delivery</legend>
        {dates.length === 0 ? (
          <p>We have no delivery dates for your address. Please update it in your account.</p>
        ) : (
          dates.map((date, index) => (
            <label key={date} className="reactivate-choice">
              <input
                type="radio"
                name="first_delivery_date"
                value={date}
                defaultChecked={index === 0}
                required
              />
              <span>{formatCalendarDay(date)}</span>
            </label>
          ))
        )}
        <FieldMessage id="first_delivery_date-error" message={errors.first_delivery_date?.[0]} role="alert" />
      </fieldset>
      <div className="reactivate-card">
        <h2>Payment</h2>
        {card ? (
          <p>
            Your boxes are charged to your saved card{' '}
            <strong>
              {card.brand ?? 'card'} ending {card.last4}
            </strong>
            . <a href="/account/address">Use another card</a>
          </p>
        ) : (
          <p>
            You have no card on file. <a href="/account/address">Add a card</a> first.
          </p>
        )}
        <FieldMessage id="payment_method_id-error" message={errors.payment_method_id?.[0]} role="alert" />
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || dates.length === 0}
        aria-busy={busy}
      >
        {busy ? 'Starting…' : 'Start my boxes again'}
      </button>
    </Form>
  );
}
