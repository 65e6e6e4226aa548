import type { Delivery } from '@sprout/contracts';
import {
  ALLERGEN_WARNING_ELSEWHERE,
  allergenWarningMessage,
  allergenWarningRefusal,
  endpoints,
  GENERIC_SERVER_ERROR,
} from '@sprout/contracts';
import { failureMessage, type ServerApiClient } from '../../lib/api-client.server';
import type { CartOutcome, CartService } from '../cart/cart.server';
import { formatDeliveryDate } from '../checkout/format';
import { nextEditableBox } from './account.server';
import { fillLabel } from './format';

type Item = { sku: string; quantity: number };

/** The menus' changes a signed-in customer's Add sends: into the next editable box. */
export const BOX_ADD_INTENTS: ReadonlySet<string> = new Set(['set-item', 'add-group']);

/**
 * What the menus' form asked for. `set-item` sends the absolute quantity the page showed for the
 * box itself (the storefront shows a signed-in customer's next box, decision 042): it is the box's new
 * quantity. `add-group` adds a ready-made box's dishes to those already in the box.
 */
async function requestedItems(
  intent: string,
  fields: URLSearchParams,
  service: CartService,
): Promise<{ items: Item[]; absolute: boolean } | string> {
  if (intent === 'add-group') {
    const groupId = Number.parseInt(fields.get('group') ?? '', 10);
    const group = (await service.bestsellers()).find((candidate) => candidate.id === groupId);
    if (!group) return 'This ready-made box is no longer available.';
    return { items: group.items.map(({ sku, quantity }) => ({ sku, quantity })), absolute: false };
  }
  const sku = fields.get('sku') ?? '';
  const quantity = Number.parseInt(fields.get('quantity') ?? '', 10);
  if (!sku || !Number.isInteger(quantity) || quantity < 0) return 'Choose a dish and a quantity.';
  return { items: [{ sku, quantity }], absolute: true };
}

/**
 * A signed-in customer's Add on the menus: no capture popup and no cart, the dishes go into the
 * next box that can still change (PUT /api/me/deliveries/{date}/items, absolute quantities, the
 * plan's size enforced by the API). Without a subscription the account site says how to start one.
 */
export async function addToNextBox(
  api: ServerApiClient,
  intent: string,
  fields: URLSearchParams,
  service: CartService,
  accountUrl: string,
): Promise<CartOutcome> {
  const me = await api.call(endpoints.account.me);
  if (me.kind !== 'ok' || me.data.data.subscription === null) return { redirect: accountUrl };
  const requested = await requestedItems(intent, fields, service);
  if (typeof requested === 'string') return { intent: 'add', ok: false, message: requested };
  const { items, absolute } = requested;
  const deliveries = await api.call(endpoints.deliveries.list);
  if (deliveries.kind !== 'ok') return { intent: 'add', ok: false, message: GENERIC_SERVER_ERROR };
  let box: Delivery | null = nextEditableBox(deliveries.data.data);
  if (!box)
    return {
      intent: 'add',
      ok: false,
      message: 'None of your next boxes can change now: they are skipped or past their cutoff.',
    };
  const before = box.item_count;
  for (const item of items) {
    const current: Delivery = box;
    const existing = current.items.find((line) => line.sku === item.sku)?.quantity ?? 0;
    const answer = await api.call(endpoints.deliveries.setItem, {
      params: { date: current.date },
      body: {
        sku: item.sku,
        quantity: absolute ? item.quantity : existing + item.quantity,
      },
    });
    if (answer.kind !== 'ok') {
      // A dish with a child's allergen asks on the box page, where "Add anyway" is (docs/decisions/055).
      const warning = answer.kind === 'error' ? allergenWarningRefusal.safeParse(answer.error.refusal) : null;
      const message = warning?.success
        ? allergenWarningMessage(warning.data.conflicts, ALLERGEN_WARNING_ELSEWHERE)
        : failureMessage(answer);
      return { intent: 'add', ok: false, message };
    }
    box = answer.data.data;
  }
  const change = box.item_count < before ? 'Removed from' : 'Added to';
  return {
    intent: 'add',
    ok: true,
    notice: `${change} your box of ${formatDeliveryDate(box.date)} (${fillLabel(box.item_count, box.threshold)}).`,
  };
}
