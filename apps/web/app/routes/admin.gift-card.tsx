import { adminVoidGiftCardBody, endpoints } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import { type ActionResult, requireAdmin, sendAdminForm, text } from '../features/admin/admin.server';
import { adminField, FieldError, FormMessage, fieldInvalid } from '../features/admin/FormMessage';
import { GiftCardLedger, giftCardState } from '../features/admin/GiftCardLedger';
import { money } from '../features/checkout/format';
import { Field } from '../features/forms/TextInput';
import { orNotFound } from '../lib/http.server';
import type { Route } from './+types/admin.gift-card';

/** /admin/gift-cards/:id: the card, its ledger, and voiding it (confirmed by a checkbox and a reason). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const card = await orNotFound(
    context.api.read(endpoints.admin.giftCard, { params: { giftCardId: Number(params.id) || 0 } }),
  );
  return { card: card.data, title: `Gift card …${card.data.code_suffix} · Admin` };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  if (form.get('confirm') !== 'on')
    return {
      ok: false,
      intent: 'void',
      message: 'Tick the box to confirm: a void card cannot be spent again.',
      errors: { confirm: ['Tick the box to confirm.'] },
    };
  const result = await sendAdminForm(
    context,
    'void',
    adminVoidGiftCardBody,
    { note: text(form, 'note') },
    (body) =>
      context.api.call(endpoints.admin.voidGiftCard, {
        params: { giftCardId: Number(params.id) || 0 },
        body,
      }),
  );
  return result.ok ? { ...result, message: 'Voided: the card has no balance left.' } : result;
}

export default function AdminGiftCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { card } = loaderData;
  const described = (name: string) =>
    fieldInvalid(actionData, name) ? { 'aria-invalid': true, 'aria-describedby': `void-${name}-error` } : {};
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/gift-cards">‹ Gift cards</Link>
      </p>
      <h1>Gift card …{card.code_suffix}</h1>
      <dl className="admin-facts">
        <dt>State</dt>
        <dd>{giftCardState(card)}</dd>
        <dt>Balance</dt>
        <dd>
          {money(card.balance)} of {money(card.initial_amount)}
        </dd>
        <dt>Source</dt>
        <dd>{card.source}</dd>
        <dt>Recipient</dt>
        <dd>{card.recipient_email ?? '—'}</dd>
        <dt>Account</dt>
        <dd>
          {card.owner_user_id ? (
            <Link to={`/admin/customers/${card.owner_user_id}`}>Account {card.owner_user_id}</Link>
          ) : (
            'Not added to an account'
          )}
        </dd>
        <dt>Expires</dt>
        <dd>{card.expires_at ? card.expires_at.slice(0, 10) : 'Never'}</dd>
        <dt>Note</dt>
        <dd>{card.note ?? '—'}</dd>
      </dl>
      <FormMessage result={actionData} intent="void" success="Voided." />
      <GiftCardLedger entries={card.entries} caption="Ledger" />
      {card.voided ? null : (
        <section className="admin-card" aria-labelledby="void-heading">
          <h2 id="void-heading">Void this card</h2>
          <Form method="post" className="admin-form">
            <Field id="void-note" label="Why" {...adminField(actionData, 'note')} required />
            <div className="admin-field admin-field--check">
              <input id="void-confirm" name="confirm" type="checkbox" required {...described('confirm')} />
              <label htmlFor="void-confirm">Yes, void it: its {money(card.balance)} can never be spent</label>
              <FieldError result={actionData} name="confirm" id="void-confirm-error" />
            </div>
            <button type="submit" className="button button--secondary">
              Void card
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
