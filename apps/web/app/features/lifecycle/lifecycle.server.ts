import {
  type CancellationStarted,
  cancellationBody,
  endpoints,
  GENERIC_SERVER_ERROR,
  type LifecycleOutcome,
  type OutcomePath,
  pauseBody,
  reactivationBody,
} from '@sprout/contracts';
import { redirect } from 'react-router';
import type { z } from 'zod';
import type { ApiResult } from '../../lib/api';
import { type FailedCall, failureOf, isApiError, type ServerApiClient } from '../../lib/api-client.server';

/** What a lifecycle form's action answers when it does not redirect: errors by field, or a message. */
export type LifecycleFormState = {
  intent: string;
  errors?: Record<string, string[]>;
  message?: string;
  /** The cancellation's offer step, once the reason is in. */
  started?: CancellationStarted;
};

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** A refused answer as the form shows it: 422s beside their fields, 409s (wrong state) as a message. */
function refusal(intent: string, result: FailedCall): LifecycleFormState {
  const { status, message, fieldErrors } = failureOf(result);
  if (status >= 500) return { intent, message: GENERIC_SERVER_ERROR };
  const errors = status === 422 ? fieldErrors : {};
  if (Object.keys(errors).length > 0) return { intent, errors };
  return { intent, message: message ?? GENERIC_SERVER_ERROR };
}

/** Follows a transition to its outcome page (granted one visit by the API). */
function toOutcome(answer: ApiResult<{ data: LifecycleOutcome }>, intent: string) {
  if (answer.kind !== 'ok') return refusal(intent, answer);
  throw redirect(answer.data.data.redirect);
}

/** /account/pause: `weeks` (1–8) or a resume date (`until`), or resume now. */
export async function runPauseAction(api: ServerApiClient, form: FormData): Promise<LifecycleFormState> {
  const intent = String(form.get('intent') ?? 'pause');
  if (intent === 'resume') {
    const answer = await api.call(endpoints.lifecycle.unpause);
    if (answer.kind !== 'ok') return refusal(intent, answer);
    throw redirect('/account?resumed=1');
  }
  const until = String(form.get('until') ?? '').trim();
  const body = form.get('length') === 'until' ? { until } : { weeks: Number(form.get('weeks')) };
  const parsed = pauseBody.safeParse(body);
  if (!parsed.success) return { intent, errors: fieldErrors(parsed.error) };
  return toOutcome(await api.call(endpoints.lifecycle.pause, { body: parsed.data }), intent);
}

/**
 * /account/cancel: `start` sends the reason and answers the one offer; `accept` takes it;
 * `confirm` cancels. Each is one button, so canceling is never more than three clicks away.
 */
export async function runCancellationAction(
  api: ServerApiClient,
  form: FormData,
): Promise<LifecycleFormState> {
  const intent = String(form.get('intent') ?? 'start');
  if (intent === 'accept') {
    return toOutcome(await api.call(endpoints.lifecycle.acceptCancellationOffer), intent);
  }
  if (intent === 'confirm') {
    return toOutcome(await api.call(endpoints.lifecycle.confirmCancellation), intent);
  }
  const details = String(form.get('details') ?? '').trim();
  const parsed = cancellationBody.safeParse({
    reason: form.get('reason'),
    ...(details === '' ? {} : { details }),
  });
  if (!parsed.success) return { intent, errors: fieldErrors(parsed.error) };
  const answer = await api.call(endpoints.lifecycle.startCancellation, { body: parsed.data });
  if (answer.kind !== 'ok') return refusal(intent, answer);
  return { intent, started: answer.data.data };
}

/** /reactivate: a plan, a first delivery date, and the saved card. */
export async function runReactivationAction(
  api: ServerApiClient,
  form: FormData,
  accountUrl: string,
): Promise<LifecycleFormState> {
  const intent = 'reactivate';
  const parsed = reactivationBody.safeParse({
    plan_id: form.get('plan_id'),
    first_delivery_date: form.get('first_delivery_date'),
  });
  if (!parsed.success) return { intent, errors: fieldErrors(parsed.error) };
  const answer = await api.call(endpoints.lifecycle.reactivate, { body: parsed.data });
  if (answer.kind !== 'ok') return refusal(intent, answer);
  throw redirect(`${accountUrl}?reactivated=1`);
}

/** An outcome page's one visit; without its grant (a second visit) the customer goes to the account. */
export async function visitOutcome(api: ServerApiClient, path: OutcomePath, accountUrl: string) {
  try {
    const { data } = await api.read(endpoints.lifecycle.outcomeVisit, {
      body: {
        path,
      },
    });
    return data;
  } catch (error) {
    if (isApiError(error) && [401, 403, 404].includes(error.status)) throw redirect(accountUrl);
    throw error;
  }
}
