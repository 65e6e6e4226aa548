import { z } from 'zod';
import { delivery } from './account';
import { adminPromoTier } from './admin';
import { product } from './catalog';
import { order, subscription } from './checkout';
import { PROMO_CODE_STATUSES } from './constants';
import { list, resource } from './envelope';

// The admin API's answers (decision 027): the API's routes serialise through these, the admin site
// reads the inferred types, so a shape is written once for both.

const money = z.number();
const count = z.number().int();

/**
 * Items the kitchen makes, by the status of their boxes: paid (`charged`: every first box and each
 * renewal charged at its cutoff), being charged (`locked`), retried after a decline (`failed`) and
 * still changeable (`scheduled`); `total` is all four. Skipped and canceled boxes are not made.
 */
const kitchenCounts = z.object({
  charged: count,
  locked: count,
  failed: count,
  scheduled: count,
  total: count,
  /** Of `total`, the portions the store picked for families (the smart box, decision 055), not the customers. */
  picked: count,
});
const kitchenProduct = kitchenCounts.extend({ sku: z.string(), name: z.string() });

export const adminDashboard = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  sales: z.array(z.object({ day: z.string(), orders: count, revenue: money })),
  subscriptions: z.object({ active: count, paused: count, canceled: count }),
  funnel: z.object({ carts_created: count, captured: count, plan_chosen: count, checked_out: count }),
  cancellations: z.array(z.object({ reason: z.string(), offered: count, accepted: count, declined: count })),
  kitchen: z.object({
    weeks: count,
    plan: z.array(kitchenCounts.extend({ week: z.string(), products: z.array(kitchenProduct) })),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const adminOrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  email: z.string(),
  user_id: z.number().int(),
  status: z.string(),
  total: money,
  /** Refunds made so far: a partial refund leaves the order `paid` (decision 027), this says how much. */
  refunded: money,
  delivery_date: z.string(),
  placed_at: z.string(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminRefund = z.object({
  id: z.number().int(),
  amount: money,
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefund>;

export const adminOrderDetail = order.extend({
  user_id: z.number().int(),
  promo_code_id: z.number().int().nullable(),
  refunds: z.array(adminRefund),
  /** What is left to refund: the total charged less the refunds made or under way. */
  refundable: money,
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminCustomerSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummary>;

export const adminCustomerCredits = z.object({
  available: money,
  lines: z.array(
    z.object({
      id: z.number().int(),
      amount: money,
      reason: z.string(),
      available_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export const adminCustomerDetail = adminCustomerSummary.extend({
  subscription: subscription.nullable(),
  deliveries: z.array(delivery),
  orders: z.array(adminOrderSummary),
  credits: adminCustomerCredits,
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetail>;

/** What the product form chooses from: categories, badges, tags and indicators. */
export const adminCatalogueChoices = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      description: z.string(),
      base_price: money,
      sorting_weight: z.number().int(),
    }),
  ),
  badges: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tags: z.array(z.object({ slug: z.string(), name: z.string(), group: z.string() })),
  indicators: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminCatalogueChoices = z.infer<typeof adminCatalogueChoices>;

/** A product as the admin site edits it. */
export const adminProduct = product
  .pick({ id: true, sku: true, slug: true, name: true, description: true, excerpt: true })
  .extend({
    category: z.object({ id: z.number().int(), name: z.string(), base_price: money }),
    premium_difference: money,
    /** What one item lists at: the category's price plus the premium difference. */
    list_price: money,
    badge: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    is_active: z.boolean(),
    sorting_weight: z.number().int(),
    tags: z.array(z.string()),
    indicators: z.array(z.string()),
  });
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminMenu = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  subtitle: z.string(),
  description: z.string(),
  sorting_weight: z.number().int(),
  primary_category_id: z.number().int(),
  category_ids: z.array(z.number().int()),
});
export type AdminMenu = z.infer<typeof adminMenu>;

export const adminBestseller = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  show_on_cart: z.boolean(),
  items: z.array(z.object({ sku: z.string(), name: z.string(), quantity: count })),
});
export type AdminBestseller = z.infer<typeof adminBestseller>;

export const adminPromoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  description_checkout: z.string(),
  cart_amount_minimum: money.nullable(),
  cart_amount_maximum: money.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses_count: count,
  redemptions: count,
  once_per_email: z.boolean(),
  new_customers_only: z.boolean(),
  is_active: z.boolean(),
  /** The switch and the window read together, by the rule checkout applies. */
  status: z.enum(PROMO_CODE_STATUSES),
  show_banner: z.boolean(),
  tiers: z.array(adminPromoTier),
});
export type AdminPromoCode = z.infer<typeof adminPromoCode>;

/** A promo code with what it sold: orders and revenue. */
export const adminPromoCodeWithSales = adminPromoCode.extend({
  sales: z.object({ orders: count, revenue: money }),
});
export type AdminPromoCodeWithSales = z.infer<typeof adminPromoCodeWithSales>;

export const adminReferralSettings = z.object({
  referee_discount: z.object({ type: z.enum(['dollars_off', 'percent_off']), amount: z.number() }),
  referrer_credit: money,
});
export type AdminReferralSettings = z.infer<typeof adminReferralSettings>;

export const adminPartnership = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  max_order_value: money,
  is_active: z.boolean(),
});
export type AdminPartnership = z.infer<typeof adminPartnership>;

export const adminAuditEntry = z.object({
  id: z.number().int(),
  actor_user_id: z.number().int(),
  /** The actor's email now (null only if the account is gone). */
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const adminDashboardResponse = resource(adminDashboard);
export const adminAuditResponse = z.object({
  data: z.array(adminAuditEntry),
  meta: z.object({ total: count, page: count, per_page: count }),
});
export type AdminAuditPage = z.infer<typeof adminAuditResponse>;
export const adminOrdersResponse = list(adminOrderSummary);
export const adminOrderResponse = resource(adminOrderDetail);
export const adminCustomersResponse = list(adminCustomerSummary);
export const adminCustomerResponse = resource(adminCustomerDetail);
export const adminProductsResponse = list(adminProduct);
export const adminProductResponse = resource(adminProduct);
export const adminProductDetailResponse = z.object({
  data: adminProduct,
  meta: z.object({ choices: adminCatalogueChoices }),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailResponse>;
export const adminCatalogueChoicesResponse = resource(adminCatalogueChoices);
export const adminPromoCodesResponse = list(adminPromoCodeWithSales);
export const adminPromoCodeResponse = resource(adminPromoCode);
export const adminPromoCodeWithSalesResponse = resource(adminPromoCodeWithSales);
export const adminReferralSettingsResponse = resource(adminReferralSettings);
export const adminPartnershipsResponse = list(adminPartnership);
export const adminPartnershipResponse = resource(adminPartnership);
export const adminMenusResponse = list(adminMenu);
export const adminMenuResponse = resource(adminMenu);
export const adminBestsellersResponse = list(adminBestseller);
export const adminBestsellerResponse = resource(adminBestseller);
