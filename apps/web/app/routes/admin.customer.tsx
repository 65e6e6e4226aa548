import { adminSkipBody, endpoints, MAX_PAUSE_WEEKS, pauseBody } from '@sprout/contracts';
import { Form, Link, redirectDocument } from 'react-router';
import {
  type ActionResult,
  numberField,
  requireAdmin,
  sendAdminForm,
  text,
} from '../features/admin/admin.server';
import { FormMessage } from '../features/admin/FormMessage';
import { giftCardState } from '../features/admin/GiftCardLedger';
import { orderStatusText } from '../features/admin/order-status';
import { money } from '../features/checkout/format';
import { withCookies } from '../features/forms/reply.server';
import { cookiesOf, failureOf } from '../lib/api-client.server';
import { orNotFound } from '../lib/http.server';
import type { Route } from './+types/admin.customer';

/** /admin/customers/:id: the subscription, next boxes, orders and credits; support acts from here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = Number(params.id) || 0;
  const [customer, giftCards] = await Promise.all([
    orNotFound(context.api.read(endpoints.admin.customer, { params: { id } })),
    orNotFound(context.api.read(endpoints.admin.customerGiftCards, { params: { userId: id } })),
  ]);
  return { customer: customer.data, giftCards: giftCards.data, title: `${customer.data.email} · Admin` };
}

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<ActionResult | Response> {
  await requireAdmin(request, context);
  const id = Number(params.id) || 0;
  const form = await request.formData();
  const intent = text(form, 'intent') ?? '';
  if (intent === 'impersonate') {
    // The customer's session replaces the admin's (kept aside by the API) and the parent-domain
    // cookie says so; the storefront then shows the "acting as" bar. A full page load: another site.
    const answer = await context.api.call(endpoints.auth.impersonate, { body: { user_id: id } });
    if (answer.kind !== 'ok')
      return {
        ok: false,
        intent,
        message: failureOf(answer).message ?? 'Could not act as this customer.',
        errors: {},
      };
    return redirectDocument('/account', { headers: withCookies(cookiesOf(answer)) });
  }
  if (intent === 'skip') {
    const result = await sendAdminForm(context, intent, adminSkipBody, { date: text(form, 'date') }, (body) =>
      context.api.call(endpoints.admin.skipForCustomer, { params: { id }, body }),
    );
    return result.ok ? { ...result, message: `The box of ${text(form, 'date')} is skipped.` } : result;
  }
  if (intent === 'pause') {
    const result = await sendAdminForm(
      context,
      intent,
      pauseBody,
      { weeks: numberField(form, 'weeks') },
      (body) => context.api.call(endpoints.admin.pauseForCustomer, { params: { id }, body }),
    );
    return result.ok ? { ...result, message: 'The subscription is paused.' } : result;
  }
  return { ok: false, intent, message: 'Unknown action.', errors: {} };
}

export default function AdminCustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer } = loaderData;
  const result = actionData && !(actionData instanceof Response) ? actionData : undefined;
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/customers">‹ Customers</Link>
      </p>
      <h1>{name}</h1>
      <p>
        {customer.email} · account {customer.id} · since {customer.created_at.slice(0, 10)}
      </p>
      {!customer.is_admin ? (
        <Form method="post" reloadDocument className="admin-inline-form">
          <input type="hidden" name="intent" value="impersonate" />
          <button type="submit" className="button button--primary">
            Act as {name}
          </button>
          <span className="admin-hint">
            Opens their account as they see it; end it from the bar at the top.
          </span>
        </Form>
      ) : null}
      <FormMessage result={result} intent="impersonate" success="" />

      <div className="admin-grid">
        <section className="admin-card" aria-labelledby="subscription-heading">
          <h2 id="subscription-heading">Subscription</h2>
          {customer.subscription ? (
            <>
              <p data-testid="subscription-status">
                {customer.subscription.plan.name} · every {customer.subscription.frequency_weeks} week
                {customer.subscription.frequency_weeks === 1 ? '' : 's'} ·{' '}
                <strong>{customer.subscription.status}</strong>
                {customer.subscription.resume_on ? ` until ${customer.subscription.resume_on}` : ''}
              </p>
              {customer.subscription.status === 'active' ? (
                <Form method="post" className="admin-inline-form">
                  <input type="hidden" name="intent" value="pause" />
                  <label htmlFor="pause-weeks">Pause for</label>
                  <select id="pause-weeks" name="weeks" defaultValue="2">
                    {Array.from({ length: MAX_PAUSE_WEEKS }, (_, index) => index + 1).map((weeks) => (
                      <option key={weeks} value={weeks}>
                        {weeks} week{weeks === 1 ? '' : 's'}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="button button--secondary">
                    Pause
                  </button>
                </Form>
              ) : null}
              <FormMessage result={result} intent="pause" success="Paused." />
            </>
          ) : (
            <p>No subscription.</p>
          )}
        </section>
        <section className="admin-card" aria-labelledby="credits-heading">
          <h2 id="credits-heading">Credits</h2>
          <p>
            Spendable now: <strong>{money(customer.credits.available)}</strong>
          </p>
          {customer.credits.lines.length ? (
            <ul className="admin-list">
              {customer.credits.lines.map((line) => (
                <li key={line.id}>
                  {money(line.amount)} · {line.reason}
                  {line.available_at ? ` · from ${line.available_at.slice(0, 10)}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section className="admin-card" aria-labelledby="gift-cards-heading">
          <h2 id="gift-cards-heading">Gift cards</h2>
          <p>
            Gift card balance: <strong>{money(loaderData.giftCards.balance)}</strong>
          </p>
          {loaderData.giftCards.cards.length ? (
            <ul className="admin-list">
              {loaderData.giftCards.cards.map((card) => (
                <li key={card.id}>
                  <Link to={`/admin/gift-cards/${card.id}`}>…{card.code_suffix}</Link> · {money(card.balance)}{' '}
                  of {money(card.initial_amount)} · {giftCardState(card)}
                </li>
              ))}
            </ul>
          ) : (
            <p>No gift cards on this account.</p>
          )}
        </section>
      </div>

      <section className="admin-card" aria-labelledby="boxes-heading">
        <h2 id="boxes-heading">Next boxes</h2>
        <FormMessage result={result} intent="skip" success="Skipped." />
        {customer.deliveries.length === 0 ? <p>No upcoming boxes.</p> : null}
        {customer.deliveries.length > 0 ? (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Delivery</th>
                  <th scope="col">Status</th>
                  <th scope="col">Items</th>
                  <th scope="col">Total</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {customer.deliveries.map((delivery) => (
                  <tr key={delivery.date}>
                    <th scope="row">{delivery.date}</th>
                    <td>{delivery.status}</td>
                    <td>{delivery.item_count}</td>
                    <td>{money(delivery.costs.total_cost)}</td>
                    <td>
                      {delivery.editable ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="skip" />
                          <input type="hidden" name="date" value={delivery.date} />
                          <button type="submit" className="button button--ghost">
                            Skip<span className="visually-hidden"> the box of {delivery.date}</span>
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section className="admin-card" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Orders</h2>
        {customer.orders.length === 0 ? (
          <p>No orders.</p>
        ) : (
          <ul className="admin-list">
            {customer.orders.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${order.id}`}>{order.number}</Link> · {orderStatusText(order)} ·{' '}
                {money(order.total)} · {order.delivery_date}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
