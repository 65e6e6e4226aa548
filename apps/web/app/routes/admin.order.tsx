import { adminRefundBody, endpoints } from '@sprout/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { OrderCosts, OrderLines } from '../features/account/OrderParts';
import { type ActionResult, requireAdmin, sendAdminForm, text } from '../features/admin/admin.server';
import { FieldError, FormMessage, fieldInvalid } from '../features/admin/FormMessage';
import { orderStatusText } from '../features/admin/order-status';
import { money } from '../features/checkout/format';
import { failureOf } from '../lib/api-client.server';
import { orNotFound } from '../lib/http.server';
import type { Route } from './+types/admin.order';

/** /admin/orders/:id: lines, costs, refunds; refund in full or in part, send the confirmation again. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const order = await orNotFound(
    context.api.read(endpoints.admin.order, { params: { id: Number(params.id) || 0 } }),
  );
  // A fresh key each time the page is shown: a double submit of this form is one refund.
  return { order: order.data, refundKey: crypto.randomUUID(), title: `Order ${order.data.number} · Admin` };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const id = Number(params.id) || 0;
  const intent = text(form, 'intent') ?? '';
  if (intent === 'resend') {
    const answer = await context.api.call(endpoints.admin.resendConfirmation, { params: { id } });
    return answer.kind === 'ok'
      ? { ok: true, intent, data: null, message: 'The confirmation is on its way.' }
      : { ok: false, intent, message: failureOf(answer).message ?? 'Could not send it.', errors: {} };
  }
  const amount = text(form, 'amount');
  const reason = text(form, 'reason');
  const result = await sendAdminForm(
    context,
    'refund',
    adminRefundBody,
    {
      idempotency_key: text(form, 'idempotency_key'),
      ...(amount ? { amount: Number.isFinite(Number(amount)) ? Number(amount) : amount } : {}),
      ...(reason ? { reason } : {}),
    },
    (body) => context.api.call(endpoints.admin.refund, { params: { id }, body }),
  );
  return result.ok ? { ...result, message: 'Refunded.' } : result;
}

export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, refundKey } = loaderData;
  const navigation = useNavigation();
  const refunding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'refund';
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/orders">‹ Orders</Link>
      </p>
      <h1>Order {order.number}</h1>
      <dl className="admin-facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="order-status">
            {orderStatusText({
              status: order.status,
              refunded: order.refunded,
              total: order.costs.total_cost,
            })}
          </dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            <Link to={`/admin/customers/${order.user_id}`}>{order.email}</Link>
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{order.delivery_date}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{order.placed_at.slice(0, 16).replace('T', ' ')} UTC</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>
            {order.payment
              ? `${order.payment.brand ?? 'Card'} ·${order.payment.last4 ?? ''} (${order.payment.provider})`
              : 'Nothing charged'}
          </dd>
        </div>
      </dl>
      <div className="admin-grid">
        <section className="admin-card" aria-labelledby="lines-heading">
          <h2 id="lines-heading">Lines and costs</h2>
          <OrderLines order={order} />
          <OrderCosts order={order} />
        </section>
        <section className="admin-card" aria-labelledby="refund-heading">
          <h2 id="refund-heading">Refunds</h2>
          {order.refunds.length ? (
            <ul className="admin-list">
              {order.refunds.map((refund) => (
                <li key={refund.id}>
                  {money(refund.amount)} · {refund.status} · {refund.created_at.slice(0, 10)}
                  {refund.reason ? ` · ${refund.reason}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>No refunds.</p>
          )}
          <p>
            Refunded: <strong data-testid="refunded">{money(order.refunded)}</strong> of{' '}
            {money(order.costs.total_cost)}
          </p>
          <p>
            Left to refund: <strong data-testid="refundable">{money(order.refundable)}</strong>
          </p>
          {order.refundable > 0 ? (
            <Form method="post" className="admin-form" key={refundKey}>
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="idempotency_key" value={refundKey} />
              <label htmlFor="refund-amount">Amount in dollars (empty: all {money(order.refundable)})</label>
              <input
                id="refund-amount"
                name="amount"
                inputMode="decimal"
                aria-invalid={fieldInvalid(actionData, 'amount') || undefined}
                aria-describedby={fieldInvalid(actionData, 'amount') ? 'refund-amount-error' : undefined}
              />
              <FieldError result={actionData} name="amount" id="refund-amount-error" />
              <label htmlFor="refund-reason">Reason (optional)</label>
              <input id="refund-reason" name="reason" maxLength={500} />
              <button
                type="submit"
                className="button button--primary"
                disabled={refunding}
                aria-busy={refunding}
              >
                {refunding ? 'Refunding…' : 'Refund'}
              </button>
            </Form>
          ) : null}
          <FormMessage result={actionData} intent="refund" success="Refunded." />
        </section>
        <section className="admin-card" aria-labelledby="mail-heading">
          <h2 id="mail-heading">Confirmation email</h2>
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button button--secondary">
              Send the confirmation again
            </button>
          </Form>
          <FormMessage result={actionData} intent="resend" success="The confirmation is on its way." />
        </section>
      </div>
    </div>
  );
}
