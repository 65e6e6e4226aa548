import { adminPromoCodeBody, endpoints } from '@sprout/contracts';
import { Link, redirect } from 'react-router';
import { type ActionResult, requireAdmin, sendAdminForm } from '../features/admin/admin.server';
import { PromoCodeForm } from '../features/admin/PromoCodeForm';
import { promoCodeInput } from '../features/admin/promo-form.server';
import type { Route } from './+types/admin.promo-code-new';

export const handle = { title: 'New promo code · Admin' };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/** Creates the code, then shows it (its page) with a note that it is live. */
export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult | Response> {
  await requireAdmin(request, context);
  const result = await sendAdminForm(
    context,
    'save',
    adminPromoCodeBody,
    promoCodeInput(await request.formData()),
    (body) => context.api.call(endpoints.admin.createPromoCode, { body }),
  );
  if (result.ok) return redirect(`/admin/promo-codes/${result.data.data.id}?created=1`);
  return result;
}

export default function NewPromoCode({ actionData }: Route.ComponentProps) {
  const result = actionData && !(actionData instanceof Response) ? actionData : undefined;
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/promo-codes">‹ Promo codes</Link>
      </p>
      <h1>New promo code</h1>
      <PromoCodeForm code={null} result={result} submitLabel="Create" />
    </div>
  );
}
