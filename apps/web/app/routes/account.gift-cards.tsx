import { endpoints, GENERIC_SERVER_ERROR, redeemGiftCardBody } from '@sprout/contracts';
import { readMine, requireCustomer } from '../features/account/account.server';
import { AccountGiftCards, type RedeemActionData } from '../features/gift-cards/AccountGiftCards';
import { failureMessage } from '../lib/api-client.server';
import type { Route } from './+types/account.gift-cards';

export const handle = { title: 'Gift cards' };

/** /account/gift-cards: the balance the next boxes take, each card's history, and adding a code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCustomer(request, context);
  const answer = await readMine(context.api, endpoints.account.giftCards);
  return { cards: answer.data };
}

/** POST: adds a code to the account (POST /api/me/gift-cards); a refusal shows beside the field. */
export async function action({ request, context }: Route.ActionArgs): Promise<RedeemActionData> {
  await requireCustomer(request, context);
  const form = await request.formData();
  const parsed = redeemGiftCardBody.safeParse({ code: form.get('code') ?? '' });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? GENERIC_SERVER_ERROR };
  const answer = await context.api.call(endpoints.account.redeemGiftCard, { body: parsed.data });
  if (answer.kind !== 'ok') {
    const error = failureMessage(answer);
    return { ok: false, error };
  }
  return { ok: true, message: 'Gift card added: its balance pays your next boxes.' };
}

export default function GiftCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountGiftCards cards={loaderData.cards} outcome={actionData} />;
}
