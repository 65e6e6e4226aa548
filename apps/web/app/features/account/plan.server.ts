import {
  endpoints,
  GENERIC_SERVER_ERROR,
  type SubscriptionChange,
  type UpdateSubscriptionBody,
  updateSubscriptionBody,
} from '@sprout/contracts';
import { failureOf, type ServerApiClient } from '../../lib/api-client.server';

/** What the plan form's action answers: the preview (new price) or the saved change, or errors by field. */
export type PlanActionData = {
  intent: 'preview' | 'confirm';
  ok: boolean;
  /** The change as it would be (preview) or is (confirm), with the next box at its new price. */
  change?: SubscriptionChange;
  /** The values this answer is about, so the page knows a preview still matches the form. */
  values?: UpdateSubscriptionBody;
  errors?: Record<string, string[]>;
  message?: string;
};

export const PLAN_FIELDS = ['plan_id', 'frequency_weeks', 'delivery_weekday'] as const;

/** The form's text fields as the contract's body (numbers), validated by the contract's schema. */
export function parsePlanForm(form: FormData) {
  const raw: Record<string, number> = {};
  for (const name of PLAN_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string' && value.trim() !== '') raw[name] = Number(value);
  }
  return updateSubscriptionBody.safeParse(raw);
}

/**
 * Previews (POST /api/me/subscription/preview, saves nothing) or saves (PUT /api/me/subscription)
 * a change of plan, frequency or weekday; field refusals come back beside their fields.
 */
export async function runPlanAction(api: ServerApiClient, form: FormData): Promise<PlanActionData> {
  const intent = form.get('intent') === 'confirm' ? 'confirm' : 'preview';
  const parsed = parsePlanForm(form);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    return { intent, ok: false, errors };
  }
  const answer =
    intent === 'confirm'
      ? await api.call(endpoints.account.changeSubscription, { body: parsed.data })
      : await api.call(endpoints.account.previewSubscriptionChange, { body: parsed.data });
  if (answer.kind !== 'ok') {
    const { status, message, fieldErrors } = failureOf(answer);
    if (status >= 500) return { intent, ok: false, message: GENERIC_SERVER_ERROR };
    const errors = status === 422 ? fieldErrors : {};
    return {
      intent,
      ok: false,
      errors,
      message: Object.keys(errors).length > 0 ? undefined : (message ?? GENERIC_SERVER_ERROR),
    };
  }
  return { intent, ok: true, change: answer.data.data, values: parsed.data };
}
