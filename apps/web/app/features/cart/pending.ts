const MAX_URL_QUANTITY = 99;

/** Items waiting for the visitor's details, a plan or a bigger plan: products or one ready-made box. */
export type Pending = { items: { sku: string; quantity: number }[] } | { groupId: number };

/** `skus=A,B&quantities=2` → A×2, B×1: both comma lists, a missing or invalid quantity is 1. */
export function parseSkuParams(
  search: URLSearchParams,
  names = { skus: 'skus', quantities: 'quantities' },
): { sku: string; quantity: number }[] {
  const split = (name: string) =>
    search
      .getAll(name)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim());
  const skus = split(names.skus);
  const quantities = split(names.quantities);
  const items: { sku: string; quantity: number }[] = [];
  skus.forEach((sku, index) => {
    if (sku === '') return;
    const parsed = Number.parseInt(quantities[index] ?? '', 10);
    const quantity = Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, MAX_URL_QUANTITY) : 1;
    const existing = items.find((item) => item.sku === sku);
    if (existing) existing.quantity += quantity;
    else items.push({ sku, quantity });
  });
  return items;
}

/**
 * A pending change as form fields or query parameters (plans and signup pages carry it): `add` and
 * `add_qty` lists, or `add_group`. Not `skus`, which a link uses to fill the cart on arrival.
 */
const PENDING_NAMES = { skus: 'add', quantities: 'add_qty' };

export function pendingToSearch(pending: Pending | null, into = new URLSearchParams()): URLSearchParams {
  if (!pending) return into;
  if ('groupId' in pending) into.set('add_group', String(pending.groupId));
  else {
    into.set('add', pending.items.map((item) => item.sku).join(','));
    into.set('add_qty', pending.items.map((item) => item.quantity).join(','));
  }
  return into;
}

export function pendingFromSearch(search: URLSearchParams): Pending | null {
  const group = Number.parseInt(search.get('add_group') ?? '', 10);
  if (Number.isInteger(group) && group > 0) return { groupId: group };
  const items = parseSkuParams(search, PENDING_NAMES);
  return items.length > 0 ? { items } : null;
}
