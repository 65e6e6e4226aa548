import { endpoints } from '@sprout/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Form } from 'react-router';
import { requireAdmin } from '../features/admin/admin.server';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.dashboard';

export const handle = { title: 'Admin dashboard' };

// The chart library arrives only when the dashboard is on screen, after hydration.
const SalesChart = lazy(() => import('../features/admin/Charts').then((m) => ({ default: m.SalesChart })));
const FunnelChart = lazy(() => import('../features/admin/Charts').then((m) => ({ default: m.FunnelChart })));
const CancellationChart = lazy(() =>
  import('../features/admin/Charts').then((m) => ({ default: m.CancellationChart })),
);

/** /admin: what a small meal business checks every morning, on one screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const from = url.searchParams.get('from') || undefined;
  const to = url.searchParams.get('to') || undefined;
  const answer = await context.api.call(endpoints.admin.dashboard, { query: { from, to } });
  if (answer.kind === 'ok') return { dashboard: answer.data.data, problem: null };
  // A range the API refuses: the default range, and the reason above the form.
  const fallback = await context.api.read(endpoints.admin.dashboard);
  return {
    dashboard: fallback.data,
    problem: answer.kind === 'error' ? answer.error.message : 'Could not read that range.',
  };
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const REASONS: Record<string, string> = {
  too_expensive: 'Too expensive',
  too_much_food: 'Too much food',
  kids_did_not_like: "Kids didn't like it",
  moving: 'Moving',
  other: 'Other',
};

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard, problem } = loaderData;
  const hydrated = useHydrated();
  const totals = dashboard.sales.reduce(
    (sum, day) => ({ orders: sum.orders + day.orders, revenue: sum.revenue + day.revenue }),
    { orders: 0, revenue: 0 },
  );
  const funnel = [
    { step: 'Carts created', carts: dashboard.funnel.carts_created },
    { step: 'Email captured', carts: dashboard.funnel.captured },
    { step: 'Plan chosen', carts: dashboard.funnel.plan_chosen },
    { step: 'Checked out', carts: dashboard.funnel.checked_out },
  ];
  const cancellations = dashboard.cancellations.map((row) => ({
    ...row,
    reason: REASONS[row.reason] ?? row.reason,
  }));
  return (
    <div className="admin-page admin-dashboard">
      <h1>Dashboard</h1>

      <section className="admin-card admin-kitchen" aria-labelledby="kitchen-heading">
        <h2 id="kitchen-heading">Kitchen plan: the next {dashboard.kitchen.weeks} delivery weeks</h2>
        <p className="admin-hint">
          Items in every box that will ship: <strong>paid</strong> boxes (first boxes and renewals charged at
          their cutoff), <strong>being charged</strong> (past their cutoff), <strong>payment retrying</strong>{' '}
          (a declined card tried again before the delivery day) and <strong>scheduled</strong> ones, which can
          still change until their cutoff. Skipped and canceled boxes are left out.{' '}
          <strong>Picked by the store</strong> counts, of the total, the portions the store chose for a family
          (&ldquo;Fill my box for me&rdquo;, or a family&rsquo;s box short before its reminder or cutoff)
          rather than the customer.
        </p>
        {dashboard.kitchen.plan.length === 0 ? <p>No boxes are scheduled in these weeks.</p> : null}
        <div className="admin-kitchen__weeks">
          {dashboard.kitchen.plan.map((week) => (
            <details
              key={week.week}
              className="admin-kitchen__week"
              open={week === dashboard.kitchen.plan[0]}
            >
              <summary>
                Week of {week.week}: <strong>{week.total}</strong> items ({week.charged} paid, {week.locked}{' '}
                being charged, {week.failed ? `${week.failed} payment retrying, ` : ''}
                {week.scheduled} scheduled{week.picked ? `; ${week.picked} picked by the store` : ''})
              </summary>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">Items to make in the week of {week.week}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">Paid</th>
                      <th scope="col">Being charged</th>
                      <th scope="col">Payment retrying</th>
                      <th scope="col">Scheduled</th>
                      <th scope="col">Total</th>
                      <th scope="col">Picked by the store</th>
                    </tr>
                  </thead>
                  <tbody>
                    {week.products.map((product) => (
                      <tr key={product.sku}>
                        <th scope="row">{product.name}</th>
                        <td>{product.charged}</td>
                        <td>{product.locked}</td>
                        <td>{product.failed}</td>
                        <td>{product.scheduled}</td>
                        <td>{product.total}</td>
                        <td>{product.picked}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          ))}
        </div>
      </section>

      <div className="admin-grid">
        <section className="admin-card" aria-labelledby="sales-heading">
          <h2 id="sales-heading">Orders and revenue, last 30 days</h2>
          <p className="admin-stat">
            <strong>{totals.orders}</strong> orders · <strong>{money(totals.revenue)}</strong> revenue
          </p>
          {hydrated ? (
            <Suspense fallback={<p className="admin-hint">Loading the chart…</p>}>
              <SalesChart data={dashboard.sales} />
            </Suspense>
          ) : null}
          <details className="admin-chart-table">
            <summary>Orders and revenue as a table</summary>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Orders</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.sales.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{day.day}</th>
                      <td>{day.orders}</td>
                      <td>{money(day.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>

        <section className="admin-card" aria-labelledby="subscriptions-heading">
          <h2 id="subscriptions-heading">Subscriptions</h2>
          <dl className="admin-figures">
            <div>
              <dt>Active</dt>
              <dd>{dashboard.subscriptions.active}</dd>
            </div>
            <div>
              <dt>Paused</dt>
              <dd>{dashboard.subscriptions.paused}</dd>
            </div>
            <div>
              <dt>Canceled</dt>
              <dd>{dashboard.subscriptions.canceled}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section className="admin-card" aria-labelledby="range-heading">
        <h2 id="range-heading">
          Funnel and cancellations, {dashboard.range.from} to {dashboard.range.to}
        </h2>
        <Form method="get" className="admin-inline-form">
          <label>
            From <input type="date" name="from" defaultValue={dashboard.range.from} />
          </label>
          <label>
            To <input type="date" name="to" defaultValue={dashboard.range.to} />
          </label>
          <button type="submit" className="button button--secondary">
            Show
          </button>
        </Form>
        {problem ? (
          <p role="alert" className="admin-error-text">
            {problem}
          </p>
        ) : null}
        <div className="admin-grid">
          <div>
            <h3>Funnel</h3>
            {hydrated ? (
              <Suspense fallback={null}>
                <FunnelChart data={funnel} />
              </Suspense>
            ) : null}
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">The funnel as a table</caption>
                <thead>
                  <tr>
                    <th scope="col">Step</th>
                    <th scope="col">Carts</th>
                    <th scope="col">Of created</th>
                  </tr>
                </thead>
                <tbody>
                  {funnel.map((step) => (
                    <tr key={step.step}>
                      <th scope="row">{step.step}</th>
                      <td>{step.carts}</td>
                      <td>{percent(step.carts, dashboard.funnel.carts_created)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <div>
            <h3>Cancellation reasons and offers</h3>
            {cancellations.length === 0 ? (
              <p>No cancellations in this range.</p>
            ) : (
              <>
                {hydrated ? (
                  <Suspense fallback={null}>
                    <CancellationChart data={cancellations} />
                  </Suspense>
                ) : null}
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <caption className="visually-hidden">Cancellations as a table</caption>
                    <thead>
                      <tr>
                        <th scope="col">Reason</th>
                        <th scope="col">Took the offer</th>
                        <th scope="col">Canceled</th>
                        <th scope="col">Undecided</th>
                        <th scope="col">Offer acceptance</th>
                      </tr>
                    </thead>
                    <tbody>
                      {cancellations.map((row) => (
                        <tr key={row.reason}>
                          <th scope="row">{row.reason}</th>
                          <td>{row.accepted}</td>
                          <td>{row.declined}</td>
                          <td>{row.offered}</td>
                          <td>{percent(row.accepted, row.accepted + row.declined)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
