import { endpoints, updatePaymentMethodBody } from '@sprout/contracts';
import { redirect } from 'react-router';
import { requireCustomer } from '../features/account/account.server';
import type { CardActionData } from '../features/account/CardForm';
import { failureMessage } from '../lib/api-client.server';
import type { Route } from './+types/account.payment-method';

/** POST /account/payment-method: saves the provider's token as the card later boxes are charged to. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  const form = await request.formData();
  const parsed = updatePaymentMethodBody.safeParse({
    payment_method_id: form.get('payment_method_id') ?? '',
  });
  if (!parsed.success)
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? 'Enter your card details',
    } satisfies CardActionData;
  const answer = await context.api.call(endpoints.account.updatePaymentMethod, { body: parsed.data });
  if (answer.kind !== 'ok') {
    const message = failureMessage(answer);
    return { ok: false, message } satisfies CardActionData;
  }
  return { ok: true, message: 'Card saved: your next boxes are charged to it.' } satisfies CardActionData;
}

/** Nothing to show at this address. */
export function loader() {
  return redirect('/account/address');
}
