// @vitest-environment happy-dom
import {
  boxFilledAtCutoffMessage,
  type Delivery,
  filledItemsIntro,
  type Subscription,
} from '@sprout/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanForm } from './PlanForm';
import type { PlanActionData } from './plan.server';

afterEach(cleanup);

const subscription: Subscription = {
  id: 1,
  status: 'active',
  frequency_weeks: 2,
  delivery_weekday: 4,
  next_delivery_date: '2026-12-03',
  plan: { id: 2, slug: 'plan-24', name: '24 items', threshold: 24 },
  resume_on: null,
};

const plans = [12, 24, 36].map((threshold, index) => ({
  id: index + 1,
  name: `${threshold} items`,
  threshold,
  item_price_from: 4.99,
  box_price_from: threshold * 4.99,
}));

/** The next changeable box as the preview answers it: the new plan's size, the items it holds. */
const box = (itemCount: number, threshold: number) =>
  ({
    date: '2026-12-03',
    item_count: itemCount,
    threshold,
    filled_items:
      itemCount < threshold
        ? [{ sku: 'SS-TOD-001', name: 'Mini Mac & Cheese', quantity: threshold - itemCount, total: 59.88 }]
        : [],
    costs: { total_cost: 221.69 },
  }) as unknown as Delivery;

const Nothing = () => null;

/** The plan page as the route renders it, with the action's answer (here from the stub's loader). */
function Page() {
  const actionData = useLoaderData() as PlanActionData;
  return (
    <PlanForm
      subscription={subscription}
      plans={plans}
      weekdays={[4]}
      nextDelivery={null}
      actionData={actionData}
    />
  );
}

/** The page after a posted preview of the 36-item plan (as without JavaScript). */
function renderPreview(nextBox: Delivery) {
  const actionData: PlanActionData = {
    intent: 'preview',
    ok: true,
    values: { plan_id: 3, frequency_weeks: 2, delivery_weekday: 4 },
    change: {
      subscription: { ...subscription, plan: { ...subscription.plan, id: 3 } },
      next_delivery: nextBox,
    },
  };
  const Stub = createRoutesStub([
    { path: '/account/plan', Component: Page, HydrateFallback: Nothing, loader: () => actionData },
  ]);
  render(<Stub initialEntries={['/account/plan']} />);
}

describe('the plan preview', () => {
  it('says a box short of the bigger plan is filled at the cutoff with dishes picked for the customer', async () => {
    renderPreview(box(24, 36));
    expect(await screen.findByText(/With this change/)).toBeTruthy();
    const note = screen.getByText(boxFilledAtCutoffMessage(24, 36));
    expect(note.textContent).toMatch(/short of 36 are filled at the cutoff with dishes we pick for you/);
    expect(note.textContent).toMatch(/add 12 more/);
  });

  it('lists the dishes the cutoff adds, priced in the figure shown', async () => {
    renderPreview(box(24, 36));
    expect(await screen.findByText(/With this change/)).toBeTruthy();
    expect(screen.getByText(filledItemsIntro(36))).toBeTruthy();
    expect(screen.getByText(/Mini Mac & Cheese × 12/)).toBeTruthy();
    expect(screen.getByText('$221.69')).toBeTruthy();
  });

  it('says nothing of filling when the box holds the new size already', async () => {
    renderPreview(box(12, 12));
    expect(await screen.findByText(/With this change/)).toBeTruthy();
    expect(screen.queryByText(/filled at the cutoff/)).toBeNull();
  });
});
