import type { AbandonedCart, Cart, CartCosts, CartItem, Category, PromoCode } from '@sprout/contracts';
import { type PromoCodeBanner, toPromoCodeBanner } from '../promotions/banner';

/**
 * The one place where server (snake_case) cart data becomes the storefront's client names
 * (spec section 3), and where client fields go back to the wire for the cart update.
 */

/** Client cost names of spec section 3, in dollars. */
export type ClientCosts = {
  items: number;
  tax: number;
  taxBeforeDiscount: number;
  total: number;
  /** The promo code discount. */
  discount: number;
  discountDescription: string;
  referralCredits: number;
  shipping: number;
  shippingBeforeDiscount: number;
  orderValueDiscount: number;
  credits: number;
  /** Gift card balance applied to this order. */
  giftCards: number;
  /** What the store covers itself (goodwill). */
  comped: number;
};

export const EMPTY_COSTS: ClientCosts = {
  items: 0,
  tax: 0,
  taxBeforeDiscount: 0,
  total: 0,
  discount: 0,
  discountDescription: '',
  referralCredits: 0,
  shipping: 0,
  shippingBeforeDiscount: 0,
  orderValueDiscount: 0,
  credits: 0,
  giftCards: 0,
  comped: 0,
};

export type ClientCategory = {
  id: number;
  name: string;
  slug: string;
  description: string;
  price: number;
  sortingWeight: number;
};

/** A cart line: the product fields as the server sends them, with the category in client names. */
export type CartLine = Omit<CartItem, 'category'> & { category: ClientCategory | null };

/** A checkout add-on on the cart (outside the box threshold, at list price). */
export type UpsellLine = Cart['upsell_items'][number];

export type Person = { firstName: string | null; lastName: string | null };
export type Referee = Person & { email: string | null };

export type PlanSummary = { id: number; slug: string; name: string; tag: string | null; threshold: number };

/** What one abandoned-cart answer sets in the onboarding state. */
export type OnboardingFromServer = {
  abandonedCartId: string;
  cartId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  stateId: number | null;
  zipCodeId: number | null;
  zipCode: string | null;
  isZipCodeDelivered: boolean | null;
  planId: number | null;
  plan: PlanSummary | null;
  profileId: number | null;
  filters: { indicators: string[]; tags: string[] };
  isReadyToCheckout: boolean;
  isReadyToCompleteCheckout: boolean;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  phone: string | null;
  deliveryInstructions: string | null;
  receivesSmsUpdates: boolean;
  hasPassword: boolean;
  onReferralRedemptionLimit: boolean;
  priceVarianceGroupId: number | null;
  partnership: { code: string; description: string; maxOrderValue: number } | null;
  referee: Referee | null;
  referrer: Person | null;
};

/** What one abandoned-cart answer sets in the cart state. */
export type CartFromServer = {
  id: string;
  items: CartLine[];
  itemCount: number;
  threshold: number | null;
  /** Checkout add-ons, outside the threshold. */
  upsellItems: UpsellLine[];
  costs: ClientCosts;
  promoCode: PromoCode | null;
  promoCodeBanner: PromoCodeBanner | null;
  referralCode: string | null;
  referralCodeStatus: string | null;
  referrer: Person | null;
  referee: Referee | null;
};

export function toClientCategory(category: Category): ClientCategory {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    price: category.price,
    sortingWeight: category.sorting_weight,
  };
}

/** The discount line's label: the server's discount description, else the applied code's own. */
function discountDescription(cart: AbandonedCart['cart']): string {
  if (cart.discount_description) return cart.discount_description;
  const promo = cart.promo_code;
  return promo?.description_checkout || promo?.description || '';
}

export function toClientCosts(costs: CartCosts, description = ''): ClientCosts {
  return {
    items: costs.cart_items,
    tax: costs.tax_cost,
    taxBeforeDiscount: costs.tax_cost_before_discount,
    total: costs.total_cost,
    discount: costs.promo_code_cost,
    discountDescription: description,
    referralCredits: costs.referral_credits_amount_applied,
    shipping: costs.shipping_cost,
    shippingBeforeDiscount: costs.shipping_cost_before_discount,
    orderValueDiscount: costs.order_value_discount,
    credits: costs.credits_applied_amount,
    giftCards: costs.gift_cards_amount_applied,
    comped: costs.comped_amount_applied,
  };
}

export function toCartLine(item: CartItem): CartLine {
  const { category, ...rest } = item;
  return { ...rest, category: category ? toClientCategory(category) : null };
}

function toPerson(person: { first_name: string | null; last_name: string | null } | null): Person | null {
  return person ? { firstName: person.first_name, lastName: person.last_name } : null;
}

function toReferee(
  referee: { first_name: string | null; last_name: string | null; email: string | null } | null,
): Referee | null {
  return referee
    ? { firstName: referee.first_name, lastName: referee.last_name, email: referee.email }
    : null;
}

export function toOnboarding(data: AbandonedCart): OnboardingFromServer {
  return {
    abandonedCartId: data.id,
    cartId: data.cart.id,
    email: data.email,
    firstName: data.first_name,
    lastName: data.last_name,
    stateId: data.state_id,
    zipCodeId: data.zip_code_id,
    zipCode: data.zip_code,
    isZipCodeDelivered: data.is_zip_code_delivered,
    planId: data.plan_id,
    plan: data.plan
      ? {
          id: data.plan.id,
          slug: data.plan.slug,
          name: data.plan.name,
          tag: data.plan.tag,
          threshold: data.plan.threshold,
        }
      : null,
    profileId: data.profile_id,
    filters: { indicators: [...data.filters.indicators], tags: [...data.filters.tags] },
    isReadyToCheckout: data.is_ready_to_checkout,
    isReadyToCompleteCheckout: data.is_ready_to_complete_checkout,
    addressLine1: data.address_line_1,
    addressLine2: data.address_line_2,
    city: data.city,
    phone: data.phone,
    deliveryInstructions: data.delivery_instructions,
    receivesSmsUpdates: data.receives_sms_updates,
    hasPassword: data.has_password,
    onReferralRedemptionLimit: data.on_referral_redemption_limit,
    priceVarianceGroupId: data.price_variance_group_id,
    partnership: data.partnership
      ? {
          code: data.partnership.code,
          description: data.partnership.description,
          maxOrderValue: data.partnership.max_order_value,
        }
      : null,
    referee: toReferee(data.referee),
    referrer: toPerson(data.referrer),
  };
}

export function toCart(data: AbandonedCart): CartFromServer {
  return {
    id: data.cart.id,
    items: data.cart.items.map(toCartLine),
    itemCount: data.cart.item_count,
    threshold: data.cart.threshold,
    upsellItems: data.cart.upsell_items ?? [],
    costs: toClientCosts(data.cart.costs, discountDescription(data.cart)),
    promoCode: data.cart.promo_code ?? null,
    promoCodeBanner: toPromoCodeBanner(data.cart.promo_code),
    referralCode: data.referral_code,
    referralCodeStatus: data.referral_code_status,
    referrer: toPerson(data.referrer),
    referee: toReferee(data.referee),
  };
}

/** Client fields of the cart update (spec section 7), camelCase. */
export type CartUpdateFields = {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  stateId?: number | null;
  zipCodeId?: number | null;
  /** The five-digit code as typed: the server resolves zip_code_id and state_id from it. */
  zipCode?: string | null;
  deliveryInstructions?: string | null;
  phone?: string | null;
  page?: string | null;
  location?: string | null;
  receivesSmsUpdates?: boolean | null;
  password?: string | null;
};

const UPDATE_FIELD_NAMES: Record<keyof CartUpdateFields, string> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  addressLine1: 'address_line_1',
  addressLine2: 'address_line_2',
  city: 'city',
  stateId: 'state_id',
  zipCodeId: 'zip_code_id',
  zipCode: 'zip_code',
  deliveryInstructions: 'delivery_instructions',
  phone: 'phone',
  page: 'page',
  location: 'location',
  receivesSmsUpdates: 'receives_sms_updates',
  password: 'password',
};

/** The wire body of the cart update: snake_case, strings trimmed, empty values dropped (spec section 5). */
export function toUpdateBody(fields: CartUpdateFields): Record<string, string | number | boolean> {
  const body: Record<string, string | number | boolean> = {};
  for (const [key, wireName] of Object.entries(UPDATE_FIELD_NAMES) as [keyof CartUpdateFields, string][]) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      // Passwords are sent exactly as typed; everything else is trimmed.
      const text = key === 'password' ? value : value.trim();
      if (text === '') continue;
      body[wireName] = text;
      continue;
    }
    body[wireName] = value;
  }
  return body;
}

export type CategoryGroup = { category: ClientCategory | null; lines: CartLine[] };

/** Cart lines grouped by category, groups by sortingWeight descending (spec section 9). */
export function groupLinesByCategory(lines: CartLine[]): CategoryGroup[] {
  const groups = new Map<string, CategoryGroup>();
  for (const line of lines) {
    const key = line.category ? String(line.category.id) : 'none';
    const group = groups.get(key) ?? { category: line.category, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      (b.category?.sortingWeight ?? Number.NEGATIVE_INFINITY) -
      (a.category?.sortingWeight ?? Number.NEGATIVE_INFINITY),
  );
}
