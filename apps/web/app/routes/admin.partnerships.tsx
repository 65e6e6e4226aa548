import {
  adminPartnershipBody,
  adminPartnershipUpdateBody,
  adminReferralSettingsBody,
  endpoints,
} from '@sprout/contracts';
import { Form } from 'react-router';
import {
  type ActionResult,
  checkbox,
  numberField,
  requireAdmin,
  sendAdminForm,
  text,
} from '../features/admin/admin.server';
import { FieldError, FormMessage } from '../features/admin/FormMessage';
import { money } from '../features/checkout/format';
import type { Route } from './+types/admin.partnerships';

export const handle = { title: 'Referrals and partnerships · Admin' };

/** /admin/partnerships: the referral offer (referral_system_discounts) and the partnerships. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [referral, partnerships] = await Promise.all([
    context.api.read(endpoints.admin.referralSettings),
    context.api.read(endpoints.admin.partnerships),
  ]);
  return { referral: referral.data, partnerships: partnerships.data };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const intent = text(form, 'intent') ?? '';
  if (intent === 'referral') {
    const result = await sendAdminForm(
      context,
      intent,
      adminReferralSettingsBody,
      {
        referee_discount: { type: text(form, 'referee_type'), amount: numberField(form, 'referee_amount') },
        referrer_credit: numberField(form, 'referrer_credit'),
      },
      (body) => context.api.call(endpoints.admin.updateReferralSettings, { body }),
    );
    return result.ok ? { ...result, message: 'Saved: new referrals get this now.' } : result;
  }
  if (intent === 'create') {
    const result = await sendAdminForm(
      context,
      intent,
      adminPartnershipBody,
      {
        code: text(form, 'code'),
        description: text(form, 'description'),
        max_order_value: numberField(form, 'max_order_value'),
        is_active: true,
      },
      (body) => context.api.call(endpoints.admin.createPartnership, { body }),
    );
    return result.ok ? { ...result, message: 'Partnership created.' } : result;
  }
  if (intent === 'toggle') {
    const id = Number(text(form, 'id')) || 0;
    return sendAdminForm(
      context,
      intent,
      adminPartnershipUpdateBody,
      { is_active: checkbox(form, 'is_active') },
      (body) => context.api.call(endpoints.admin.updatePartnership, { params: { id }, body }),
    );
  }
  return { ok: false, intent, message: 'Unknown action.', errors: {} };
}

export default function AdminPartnerships({ loaderData, actionData }: Route.ComponentProps) {
  const { referral, partnerships } = loaderData;
  return (
    <div className="admin-page">
      <h1>Referrals and partnerships</h1>
      <section className="admin-card" aria-labelledby="referral-heading">
        <h2 id="referral-heading">Referral offer</h2>
        <Form method="post" className="admin-form" key={JSON.stringify(referral)}>
          <input type="hidden" name="intent" value="referral" />
          <label htmlFor="referee-amount">A referred friend's first box gets</label>
          <div className="admin-inline-form">
            <input
              id="referee-amount"
              name="referee_amount"
              inputMode="decimal"
              size={6}
              defaultValue={referral.referee_discount.amount}
            />
            <label>
              <span className="visually-hidden">Kind of discount</span>
              <select name="referee_type" defaultValue={referral.referee_discount.type}>
                <option value="dollars_off">dollars off</option>
                <option value="percent_off">percent off</option>
              </select>
            </label>
          </div>
          <FieldError result={actionData} name="referee_discount.amount" id="referee-amount-error" />
          <label htmlFor="referrer-credit">The referrer earns (dollars of credit)</label>
          <input
            id="referrer-credit"
            name="referrer_credit"
            inputMode="decimal"
            defaultValue={referral.referrer_credit.toFixed(2)}
          />
          <FieldError result={actionData} name="referrer_credit" id="referrer-credit-error" />
          <button type="submit" className="button button--primary">
            Save the referral offer
          </button>
          <FormMessage result={actionData} intent="referral" success="Saved." />
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="partnerships-heading">
        <h2 id="partnerships-heading">Partnerships</h2>
        {partnerships.length === 0 ? <p>No partnerships yet.</p> : null}
        {partnerships.length > 0 ? (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">What it does</th>
                  <th scope="col">Covers up to</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {partnerships.map((partnership) => (
                  <tr key={partnership.id}>
                    <th scope="row">{partnership.code}</th>
                    <td>{partnership.description}</td>
                    <td>{money(partnership.max_order_value)}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="toggle" />
                        <input type="hidden" name="id" value={partnership.id} />
                        {partnership.is_active ? null : <input type="hidden" name="is_active" value="on" />}
                        <button type="submit" className="button button--ghost">
                          {partnership.is_active ? 'Disable' : 'Enable'}
                          <span className="visually-hidden"> {partnership.code}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <h3>New partnership</h3>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="create" />
          <label htmlFor="partnership-code">Code</label>
          <input id="partnership-code" name="code" required />
          <FieldError result={actionData} name="code" id="partnership-code-error" />
          <label htmlFor="partnership-description">What it does</label>
          <input id="partnership-description" name="description" required />
          <FieldError result={actionData} name="description" id="partnership-description-error" />
          <label htmlFor="partnership-max">Covers up to (dollars per order)</label>
          <input id="partnership-max" name="max_order_value" inputMode="decimal" required />
          <FieldError result={actionData} name="max_order_value" id="partnership-max-error" />
          <button type="submit" className="button button--secondary">
            Create partnership
          </button>
          <FormMessage result={actionData} intent="create" success="Created." />
        </Form>
      </section>
    </div>
  );
}
