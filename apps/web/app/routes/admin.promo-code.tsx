import { adminPromoCodeUpdateBody, endpoints } from '@sprout/contracts';
import { Form, Link, useSearchParams } from 'react-router';
import { type ActionResult, requireAdmin, sendAdminForm, text } from '../features/admin/admin.server';
import { FormMessage } from '../features/admin/FormMessage';
import { PromoCodeForm } from '../features/admin/PromoCodeForm';
import { promoCodeInput } from '../features/admin/promo-form.server';
import { money } from '../features/checkout/format';
import { orNotFound } from '../lib/http.server';
import type { Route } from './+types/admin.promo-code';

/** /admin/promo-codes/:id: usage and revenue, the form, and one-click disable or enable. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const code = await orNotFound(
    context.api.read(endpoints.admin.promoCode, { params: { id: Number(params.id) || 0 } }),
  );
  return { code: code.data, title: `${code.data.code} · Admin` };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const intent = text(form, 'intent') ?? 'save';
  const code = { id: Number(params.id) || 0 };
  if (intent === 'toggle') {
    const active = text(form, 'is_active') === 'true';
    const result = await sendAdminForm(
      context,
      intent,
      adminPromoCodeUpdateBody,
      { is_active: active },
      (body) => context.api.call(endpoints.admin.updatePromoCode, { params: code, body }),
    );
    return result.ok
      ? { ...result, message: active ? 'Enabled.' : 'Disabled: nobody can apply it now.' }
      : result;
  }
  const result = await sendAdminForm(
    context,
    'save',
    adminPromoCodeUpdateBody,
    promoCodeInput(form),
    (body) => context.api.call(endpoints.admin.updatePromoCode, { params: code, body }),
  );
  return result.ok ? { ...result, message: 'Saved.' } : result;
}

export default function AdminPromoCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { code } = loaderData;
  const [params] = useSearchParams();
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/promo-codes">‹ Promo codes</Link>
      </p>
      <h1>{code.code}</h1>
      {params.get('created') && !actionData ? (
        <p role="status" className="admin-success">
          Created: shoppers can apply {code.code} now.
        </p>
      ) : null}
      <p>
        Used {code.uses_count}
        {code.max_uses === null ? '' : ` of ${code.max_uses}`} times · {code.sales.orders} orders ·{' '}
        {money(code.sales.revenue)} revenue · <strong>{code.is_active ? 'Active' : 'Disabled'}</strong>
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="is_active" value={code.is_active ? 'false' : 'true'} />
        <button type="submit" className="button button--secondary">
          {code.is_active ? 'Disable' : 'Enable'} {code.code}
        </button>
      </Form>
      <FormMessage result={actionData} intent="toggle" success="Saved." />
      <h2>Edit</h2>
      <PromoCodeForm key={JSON.stringify(code)} code={code} result={actionData} submitLabel="Save" />
    </div>
  );
}
