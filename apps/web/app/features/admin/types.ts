export type { AdminProduct } from '@sprout/contracts';

import type { Delivery, Order, Subscription } from '@sprout/contracts';

// The admin API's answers as the admin site reads them (apps/api/src/modules/admin/routes.ts).

export type Dashboard = {
  range: { from: string; to: string };
  sales: { day: string; orders: number; revenue: number }[];
  subscriptions: { active: number; paused: number; canceled: number };
  funnel: { carts_created: number; captured: number; plan_chosen: number; checked_out: number };
  cancellations: { reason: string; offered: number; accepted: number; declined: number }[];
  kitchen: {
    weeks: number;
    plan: {
      week: string;
      locked: number;
      scheduled: number;
      products: { sku: string; name: string; locked: number; scheduled: number; total: number }[];
    }[];
  };
};

export type OrderSummary = {
  id: number;
  number: string;
  email: string;
  user_id: number;
  status: string;
  total: number;
  delivery_date: string;
  placed_at: string;
};

export type AdminOrder = Order & {
  user_id: number;
  promo_code_id: number | null;
  refunds: { id: number; amount: number; status: string; reason: string | null; created_at: string }[];
  refundable: number;
};

export type CustomerSummary = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
  created_at: string;
};

export type CustomerDetail = CustomerSummary & {
  subscription: Subscription | null;
  deliveries: Delivery[];
  orders: OrderSummary[];
  credits: {
    available: number;
    lines: { id: number; amount: number; reason: string; available_at: string | null; created_at: string }[];
  };
};

export type CatalogueChoices = {
  categories: {
    id: number;
    name: string;
    slug: string;
    description: string;
    base_price: number;
    sorting_weight: number;
  }[];
  badges: { id: number; name: string }[];
  tags: { slug: string; name: string; group: string }[];
  indicators: { slug: string; name: string }[];
};

export type AdminPromoCode = {
  id: number;
  code: string;
  description: string;
  description_checkout: string;
  cart_amount_minimum: number | null;
  cart_amount_maximum: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  uses_count: number;
  redemptions: number;
  once_per_email: boolean;
  new_customers_only: boolean;
  is_active: boolean;
  show_banner: boolean;
  tiers: {
    weekly_ordinal_number: number;
    type: 'products_off' | 'percent_off' | 'dollars_off';
    amount: number;
    free_shipping: boolean;
    free_tax: boolean;
  }[];
  sales: { orders: number; revenue: number };
};

export type AuditEntry = {
  id: number;
  actor_user_id: number;
  action: string;
  entity: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
};
