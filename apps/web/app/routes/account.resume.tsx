import { endpoints, RESUMED_BUT_DECLINED_MESSAGE, resumeWithCardBody } from '@sprout/contracts';
import { redirect } from 'react-router';
import { requireCustomer } from '../features/account/account.server';
import { type ResumeActionData, ResumeWithCardForm } from '../features/lifecycle/PaymentPause';
import { paymentPauseReason, paymentPauseResumeEffect } from '../features/lifecycle/PaymentPauseBanner';
import { failureMessage } from '../lib/api-client.server';
import type { Route } from './+types/account.resume';
import '../features/lifecycle/lifecycle.css';
import '../features/payments/payments.css';

export const handle = { title: 'Update card and resume' };

/**
 * /account/resume: a subscription paused by failed charges comes back in one step (decision 040): a
 * new card, the failed box charged again when the API says it can still be sent. Any other state
 * has its own page: a pause the customer chose, /account/pause; an active one, the account.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context);
  const pause = customer.payment_pause ?? null;
  if (!pause) throw redirect(customer.subscription?.status === 'paused' ? '/account/pause' : '/account');
  const config = await context.api.read(endpoints.checkout.paymentConfig);
  return { pause, paymentConfig: config.data };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ResumeActionData> {
  await requireCustomer(request, context);
  const form = await request.formData();
  const parsed = resumeWithCardBody.safeParse({ payment_method_id: form.get('payment_method_id') ?? '' });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Enter your card details' };
  const answer = await context.api.call(endpoints.lifecycle.resume, { body: parsed.data });
  if (answer.kind !== 'ok') {
    const message = failureMessage(answer);
    return { ok: false, message };
  }
  const outcome = answer.data.data;
  if (outcome.subscription.status !== 'active') return { ok: false, message: RESUMED_BUT_DECLINED_MESSAGE };
  throw redirect(outcome.retried_box?.status === 'charged' ? '/account?resumed=paid' : '/account?resumed=1');
}

export default function ResumePage({ loaderData }: Route.ComponentProps) {
  const { pause, paymentConfig } = loaderData;
  return (
    <div className="account-page">
      <h1>Update card and resume</h1>
      <section className="account-card lifecycle-paused" aria-labelledby="resume-why">
        <h2 id="resume-why">Why your deliveries are paused</h2>
        <p>{paymentPauseReason(pause)}</p>
        <p>{paymentPauseResumeEffect(pause)}</p>
      </section>
      <section className="account-card">
        <ResumeWithCardForm config={paymentConfig} />
      </section>
    </div>
  );
}
