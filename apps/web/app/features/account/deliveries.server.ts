import { parseWithZod } from '@conform-to/zod/v4';
import {
  allergenWarningRefusal,
  type Delivery,
  deliveryItemBody,
  deliveryParams,
  endpoints,
} from '@sprout/contracts';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import type { ApiResult } from '../../lib/api';
import { failureMessage, type ServerApiClient } from '../../lib/api-client.server';
import { formatDeliveryDate } from '../checkout/format';

/** What a box change answers a fetcher: the box as it is now, or what went wrong, in words. */
export type DeliveryActionData = {
  intent: string;
  ok: boolean;
  date: string | null;
  sku?: string;
  message?: string;
  delivery?: Delivery;
  /**
   * The API's question before a dish with a child's allergen goes in (docs/decisions/055): the
   * page asks it with "Add anyway" (the same change, confirmed) and "Cancel".
   */
  allergenWarning?: { sku: string; quantity: number; message: string };
};

/** Only a path on this site: a form cannot send the customer elsewhere. */
function safeReturn(value: FormDataEntryValue | null): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return null;
  return value;
}

type DeliveryResponse = { data: Delivery };

type Answer = ApiResult<DeliveryResponse | undefined>;

/** One box change, as the API names it; refusals come back as a message a person can act on. */
async function performDeliveryChange(
  api: ServerApiClient,
  intent: string,
  date: string,
  form: FormData,
): Promise<DeliveryActionData> {
  const when = formatDeliveryDate(date);
  let answer: Answer;
  switch (intent) {
    case 'skip':
      answer = await api.call(endpoints.deliveries.skip, { params: { date } });
      break;
    case 'unskip':
      answer = await api.call(endpoints.deliveries.unskip, { params: { date } });
      break;
    case 'fill': {
      // The smart box (docs/decisions/055): the store fills the box up to the plan's size.
      const filled = await api.call(endpoints.deliveries.fill, { params: { date } });
      if (filled.kind !== 'ok') return { intent, ok: false, date, message: failureMessage(filled) };
      const delivery = (filled.data as DeliveryResponse).data;
      const picked = delivery.items.reduce((sum, item) => sum + item.picked_quantity, 0);
      return {
        intent,
        ok: true,
        date,
        delivery,
        message:
          picked > 0
            ? `We filled your box of ${when}: ${picked} picked for you, each with its reason.`
            : `No dish could be added to the box of ${when}.`,
      };
    }
    case 'set-item': {
      const fields = new FormData();
      for (const name of ['sku', 'quantity', 'accept_allergens']) {
        const value = form.get(name);
        if (typeof value === 'string') fields.set(name, value);
      }
      const submission = parseWithZod(fields, { schema: deliveryItemBody });
      if (submission.status !== 'success') {
        const message = Object.values(submission.error ?? {})[0]?.[0] ?? 'Choose a dish and a quantity.';
        return { intent, ok: false, date, message };
      }
      const body: z.infer<typeof deliveryItemBody> = submission.value;
      answer = await api.call(endpoints.deliveries.setItem, { params: { date }, body });
      if (answer.kind !== 'ok') {
        const warning =
          answer.kind === 'error' ? allergenWarningRefusal.safeParse(answer.error.refusal) : null;
        if (warning?.success)
          return {
            intent,
            ok: false,
            date,
            sku: body.sku,
            message: warning.data.message,
            allergenWarning: { sku: body.sku, quantity: body.quantity, message: warning.data.message },
          };
        return { intent, ok: false, date, sku: body.sku, message: failureMessage(answer) };
      }
      return { intent, ok: true, date, sku: body.sku, delivery: (answer.data as DeliveryResponse).data };
    }
    default:
      return { intent, ok: false, date, message: 'This change is not known.' };
  }
  if (answer.kind !== 'ok') return { intent, ok: false, date, message: failureMessage(answer) };
  const delivery = (answer.data as DeliveryResponse | null)?.data;
  return {
    intent,
    ok: true,
    date,
    message: intent === 'skip' ? `The box of ${when} is skipped.` : `The box of ${when} is back on.`,
    ...(delivery ? { delivery } : {}),
  };
}

/**
 * The action of every page that skips, unskips or edits a box (overview, deliveries, box editor):
 * `intent` (skip, unskip, set-item, fill) and `date`, plus `sku` and `quantity` for set-item. A fetcher
 * gets the outcome as data; a document POST (before the JavaScript loaded, with a hidden
 * `returnTo`) goes back to its page when it worked, and shows the page with the message when not.
 */
export async function runDeliveryAction(request: Request, api: ServerApiClient) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const parsedDate = deliveryParams.safeParse({ date: form.get('date') });
  if (!parsedDate.success)
    return data<DeliveryActionData>({ intent, ok: false, date: null, message: 'Choose a delivery.' }, 400);
  const outcome = await performDeliveryChange(api, intent, parsedDate.data.date, form);
  const returnTo = safeReturn(form.get('returnTo'));
  if (returnTo && outcome.ok) throw redirect(returnTo);
  return outcome;
}
