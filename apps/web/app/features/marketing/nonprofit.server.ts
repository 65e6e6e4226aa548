import { type CheckoutSuccess, endpoints, NONPROFITS } from '@sprout/contracts';
import { failureOf, type ServerApiClient } from '../../lib/api-client.server';

export type NonprofitChoice = { id: number; name: string };
export type NonprofitActionData = { selection: NonprofitChoice | null; error?: string };

/**
 * The document requests whose action just posted a charity, by their load context. The success
 * page's loader spends its one-visit grant, so after a form posted before hydration (a document
 * POST runs the action, then the loaders again) it reads the order back instead of redirecting.
 */
const postedOrderByContext = new WeakMap<object, number>();

/** The checkout success page's action: choose a charity for the order, or take it off. */
export async function runNonprofitAction(
  context: { api: ServerApiClient },
  form: FormData,
): Promise<NonprofitActionData> {
  const orderId = Number(form.get('order_id'));
  postedOrderByContext.set(context, orderId);
  if (form.get('intent') === 'remove') {
    const answer = await context.api.call(endpoints.marketing.removeNonprofit, {
      body: { order_id: orderId },
    });
    return answer.kind === 'ok'
      ? { selection: null }
      : { selection: null, error: failureOf(answer).message ?? 'We could not save that. Please try again.' };
  }
  const nonprofit = NONPROFITS.find((candidate) => candidate.id === Number(form.get('non_profit_id')));
  if (!nonprofit) return { selection: null, error: 'Choose one of the listed charities.' };
  const answer = await context.api.call(endpoints.marketing.chooseNonprofit, {
    body: { non_profit_id: nonprofit.id, non_profit_name: nonprofit.name, order_id: orderId },
  });
  if (answer.kind !== 'ok')
    return {
      selection: null,
      error: failureOf(answer).message ?? 'We could not save that. Please try again.',
    };
  return { selection: { id: answer.data.data.selectedNonprofitId, name: answer.data.data.nonprofitName } };
}

/** After this request's action posted a charity: the order again (the grant is already spent), else null. */
export async function orderAfterNonprofitPost(context: {
  api: ServerApiClient;
}): Promise<CheckoutSuccess | null> {
  const orderId = postedOrderByContext.get(context);
  if (!orderId) return null;
  const me = await context.api.read(endpoints.account.me);
  const { data: orders } = await context.api.read(endpoints.orders.ofUser, {
    params: { userId: me.data.id },
    query: {
      per_page: 10,
    },
  });
  const order = orders.find((candidate) => candidate.id === orderId);
  if (!order || !me.data.subscription) return null;
  return { order, subscription: me.data.subscription };
}
