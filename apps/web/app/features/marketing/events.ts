import type { AbandonedCart, ExperimentAssignment } from '@sprout/contracts';

/**
 * The data layer's events (decision 026) as pure functions of what the page knows: a tag manager
 * reads them from `window[dataLayerName]`, each also in GA4's ecommerce shape so a GTM container
 * works out of the box. The browser only pushes what these answer.
 */

export type DataLayerEvent = { event: string; [field: string]: unknown };
/** A DOM CustomEvent on window (`sprout:<type>`), for page scripts (the announced events of decision 026). */
export type Announcement = { type: AnnouncedEvent; detail: Record<string, unknown> };
export type AnnouncedEvent =
  | 'network-call'
  | 'cart-change'
  | 'cart-created'
  | 'order-created'
  | 'status-change'
  | 'nonprofit-selection-removed';
export const ANNOUNCEMENT_PREFIX = 'sprout:';

const CURRENCY = 'USD';

type Line = AbandonedCart['cart']['items'][number];

function ga4Item(
  line: Pick<Line, 'sku' | 'name' | 'item_price' | 'quantity'> & { category?: { name: string } | null },
) {
  return {
    item_id: line.sku,
    item_name: line.name,
    ...(line.category?.name ? { item_category: line.category.name } : {}),
    price: line.item_price,
    quantity: line.quantity,
  };
}

function cartItems(cart: AbandonedCart) {
  return cart.cart.items.map((line) => ({
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    price: line.item_price,
    total: line.total_cost,
    category: line.category?.name ?? null,
  }));
}

function cartTotals(cart: AbandonedCart) {
  const costs = cart.cart.costs;
  return {
    itemCount: cart.cart.item_count,
    itemsCost: costs.cart_items,
    discount: costs.promo_code_cost + costs.order_value_discount,
    shipping: costs.shipping_cost,
    tax: costs.tax_cost,
    total: costs.total_cost,
    currency: CURRENCY,
  };
}

/** The view event after every route change (named `content-view` unless configured). */
export function viewEvent(
  name: string,
  page: { url: string; path: string; routeName: string; title: string; eventId: string },
): DataLayerEvent {
  return {
    event: name,
    eventId: page.eventId,
    page: { url: page.url, path: page.path, name: page.routeName, title: page.title },
  };
}

/** GA4 `view_item_list` for a listing page (menus). */
export function viewItemListEvent(
  list: { id: string; name: string },
  products: { sku: string; name: string; item_price: number; category?: { name: string } | null }[],
): DataLayerEvent {
  return {
    event: 'view_item_list',
    ecommerce: {
      item_list_id: list.id,
      item_list_name: list.name,
      items: products.map((product, index) => ({ ...ga4Item({ ...product, quantity: 1 }), index })),
    },
  };
}

/** Experiment codes as user properties, sent to product analytics. */
export function experimentsEvent(experiments: ExperimentAssignment[]): DataLayerEvent {
  return {
    event: 'experimentsLoaded',
    user_properties: Object.fromEntries(
      experiments.map((entry) => [`exp_${entry.experiment_code}`, entry.variant]),
    ),
    experiments: experiments.map((entry) => entry.code),
  };
}

function personFields(cart: AbandonedCart) {
  return {
    email: cart.email,
    firstName: cart.first_name,
    lastName: cart.last_name,
    phone: cart.phone,
  };
}

function addressFields(cart: AbandonedCart) {
  return {
    addressLine1: cart.address_line_1,
    addressLine2: cart.address_line_2,
    city: cart.city,
    stateId: cart.state_id,
    zipCodeId: cart.zip_code_id,
    zipCode: cart.zip_code,
  };
}

const DETAIL_KEYS = [
  'email',
  'first_name',
  'last_name',
  'address_line_1',
  'address_line_2',
  'city',
  'phone',
  'zip_code_id',
  'delivery_instructions',
] as const;

/**
 * What changed between two reads of the visitor's cart, as data-layer events and announcements.
 * `before` undefined: the first read of this page load (nothing is announced for it).
 */
export function cartChangeEvents(
  before: AbandonedCart | null | undefined,
  after: AbandonedCart | null,
): { push: DataLayerEvent[]; announce: Announcement[] } {
  const push: DataLayerEvent[] = [];
  const announce: Announcement[] = [];
  if (before === undefined || !after) return { push, announce };
  const previous = before && before.id === after.id ? before : null;
  const abandonedCartId = after.id;

  if (!previous) {
    push.push({ event: 'initializedAbandonedCart', abandonedCartId, ...personFields(after) });
    announce.push({ type: 'cart-created', detail: { abandonedCartId } });
  }
  if (after.email && after.email !== previous?.email) {
    push.push({ event: 'userDiscovered', abandonedCartId, email: after.email, zipCode: after.zip_code });
  }
  const changed = DETAIL_KEYS.filter((key) => (previous?.[key] ?? null) !== (after[key] ?? null));
  // A new cart counts its first details (the capture) as an update too.
  if (changed.length > 0 && (previous || after.email)) {
    push.push({
      event: 'updatedAbandonedCart',
      abandonedCartId,
      changedFields: changed,
      ...personFields(after),
      ...addressFields(after),
    });
  }
  if (after.plan_id !== null && after.plan_id !== (previous?.plan_id ?? null)) {
    push.push({
      event: 'planChanged',
      abandonedCartId,
      plan: after.plan
        ? { id: after.plan.id, slug: after.plan.slug, name: after.plan.name, threshold: after.plan.threshold }
        : null,
      previousPlanId: previous?.plan_id ?? null,
      profile: { id: after.profile_id, email: after.email },
      address: addressFields(after),
      name: { firstName: after.first_name, lastName: after.last_name },
      phone: after.phone,
    });
  }

  const beforeQuantities = new Map((previous?.cart.items ?? []).map((line) => [line.sku, line.quantity]));
  const afterQuantities = new Map(after.cart.items.map((line) => [line.sku, line.quantity]));
  const difference: {
    sku: string;
    name: string;
    quantity: number;
    quantityAbsolute: number;
    price: number;
  }[] = [];
  for (const line of after.cart.items) {
    const delta = line.quantity - (beforeQuantities.get(line.sku) ?? 0);
    if (delta !== 0)
      difference.push({
        sku: line.sku,
        name: line.name,
        quantity: delta,
        quantityAbsolute: line.quantity,
        price: line.item_price,
      });
  }
  for (const line of previous?.cart.items ?? []) {
    if (!afterQuantities.has(line.sku))
      difference.push({
        sku: line.sku,
        name: line.name,
        quantity: -line.quantity,
        quantityAbsolute: 0,
        price: line.item_price,
      });
  }
  const added = difference.filter((entry) => entry.quantity > 0);
  if (added.length > 0) {
    const totals = cartTotals(after);
    const items = cartItems(after);
    push.push({ event: 'addToCart', abandonedCartId, added, cart: { ...totals, items } });
    push.push({ ecommerce: null } as unknown as DataLayerEvent);
    push.push({
      event: 'add_to_cart',
      ecommerce: {
        currency: CURRENCY,
        value: round(added.reduce((sum, entry) => sum + entry.price * entry.quantity, 0)),
        items: added.map((entry) => ({
          item_id: entry.sku,
          item_name: entry.name,
          price: entry.price,
          quantity: entry.quantity,
        })),
      },
    });
  }
  if (difference.length > 0)
    announce.push({ type: 'cart-change', detail: { abandonedCartId, difference, ...cartTotals(after) } });
  if (
    previous &&
    (previous.is_ready_to_checkout !== after.is_ready_to_checkout ||
      previous.is_ready_to_complete_checkout !== after.is_ready_to_complete_checkout)
  ) {
    announce.push({
      type: 'status-change',
      detail: {
        abandonedCartId,
        isReadyToCheckout: after.is_ready_to_checkout,
        isReadyToCompleteCheckout: after.is_ready_to_complete_checkout,
      },
    });
  }
  return { push, announce };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** GA4 `begin_checkout` beside the store's own initializedCheckout. */
export function beginCheckoutEvent(cart: AbandonedCart): DataLayerEvent {
  return {
    event: 'begin_checkout',
    ecommerce: {
      currency: CURRENCY,
      value: cart.cart.costs.total_cost,
      coupon: cart.cart.promo_code?.code ?? undefined,
      items: cart.cart.items.map((line) => ga4Item(line)),
    },
  };
}

/** GA4 `purchase` beside the store's own orderCreated. */
export function purchaseEvent(order: {
  orderId: string | number;
  value: number;
  items: { sku: string; name: string; quantity: number; price: number }[];
  shipping?: number;
  tax?: number;
}): DataLayerEvent {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: String(order.orderId),
      currency: CURRENCY,
      value: order.value,
      ...(order.shipping !== undefined ? { shipping: order.shipping } : {}),
      ...(order.tax !== undefined ? { tax: order.tax } : {}),
      items: order.items.map((item) => ({
        item_id: item.sku,
        item_name: item.name,
        price: item.price,
        quantity: item.quantity,
      })),
    },
  };
}

/** The page-view marketing event, sent only when the visitor has a cart. */
export function viewedPageBody(page: {
  origin: string;
  path: string;
  routeName: string;
  cartId: string;
  eventId: string;
}) {
  return {
    url: `${page.origin}${page.path}`,
    name: page.routeName,
    abandonedCartId: page.cartId,
    parameters: { eventId: page.eventId },
  };
}
