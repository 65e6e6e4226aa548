import { z } from 'zod';
import { emailAddress, personName } from './fields';

// The admin site's requests (decision 027). Amounts an admin types are dollars with cents, as on
// every screen; the API stores cents.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-12-01' });
const dollars = (label: string) =>
  z
    .number({ error: `Enter ${label} in dollars, like 4.99` })
    .min(0, { error: `${label[0]!.toUpperCase()}${label.slice(1)} cannot be negative` })
    .max(100_000, { error: `${label[0]!.toUpperCase()}${label.slice(1)} is too large` })
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
      error: 'Use at most two decimals (cents)',
    });

export const ADMIN_SEARCH_LIMIT = 50;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
/** How many delivery weeks the kitchen plan looks ahead. */
export const KITCHEN_PLAN_WEEKS = 4;
export const DASHBOARD_DAYS = 30;

export const adminSearchQuery = z.object({
  q: z.string().trim().max(200, { error: 'At most 200 characters' }).optional(),
});

export const adminDashboardQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const adminAuditQuery = z.object({
  entity: z.string().max(50).optional(),
  entity_id: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const adminIdParams = z.object({ id: z.coerce.number().int().positive({ error: 'Unknown id' }) });

export const REFUND_REASON_MAX = 500;
/** A refund of the whole remaining amount (no amount) or of part of it. */
export const adminRefundBody = z.object({
  /** From the form as it was shown: a double submit sends the same key and makes one refund. */
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'This form has expired: reload the page and try again' }),
  amount: dollars('the amount')
    .refine((value) => value > 0, { error: 'Refund more than $0' })
    .optional(),
  reason: z
    .string()
    .trim()
    .max(REFUND_REASON_MAX, { error: `At most ${REFUND_REASON_MAX} characters` })
    .optional(),
});
export type AdminRefundBody = z.infer<typeof adminRefundBody>;

export const adminSkipBody = z.object({ date: isoDate });

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_TEXT_MAX = 4000;
export const adminProductBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Enter a name' })
      .max(PRODUCT_NAME_MAX, { error: `At most ${PRODUCT_NAME_MAX} characters` }),
    description: z
      .string()
      .trim()
      .max(PRODUCT_TEXT_MAX, { error: `At most ${PRODUCT_TEXT_MAX} characters` }),
    excerpt: z.string().trim().max(500, { error: 'At most 500 characters' }),
    category_id: z.number().int().positive({ error: 'Choose a category' }),
    /** The extra over the category's price, for premium products (0 for the others). */
    premium_difference: dollars('the premium difference'),
    badge_id: z.number().int().positive().nullable(),
    is_active: z.boolean(),
    sorting_weight: z
      .number({ error: 'Enter a whole number' })
      .int({ error: 'Enter a whole number' })
      .min(-100_000)
      .max(100_000),
    tags: z.array(z.string().max(60)).max(30),
    indicators: z.array(z.string().max(60)).max(30),
  })
  .partial();
export type AdminProductBody = z.infer<typeof adminProductBody>;

export const adminCategoryBody = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name' }).max(PRODUCT_NAME_MAX),
    description: z.string().trim().max(PRODUCT_TEXT_MAX),
    /** The list price of one item of this category. */
    base_price: dollars('the price').refine((value) => value > 0, { error: 'A price must be more than $0' }),
    sorting_weight: z.number().int().min(-100_000).max(100_000),
  })
  .partial();
export type AdminCategoryBody = z.infer<typeof adminCategoryBody>;

export const PROMO_CODE_PATTERN_MESSAGE = 'Use 3 to 40 letters, digits, - or _';
export const adminPromoTier = z.object({
  weekly_ordinal_number: z.number().int().min(1, { error: 'Boxes count from 1' }).max(52),
  type: z.enum(['products_off', 'percent_off', 'dollars_off'], { error: 'Choose what the tier takes off' }),
  amount: z
    .number({ error: 'Enter an amount' })
    .positive({ error: 'Enter an amount above 0' })
    .max(1000, { error: 'That amount is too large' }),
  free_shipping: z.boolean().default(false),
  free_tax: z.boolean().default(false),
});
export type AdminPromoTier = z.infer<typeof adminPromoTier>;

const promoCodeFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: PROMO_CODE_PATTERN_MESSAGE }),
  description: z
    .string()
    .trim()
    .min(1, { error: 'Describe the offer' })
    .max(300, { error: 'At most 300 characters' }),
  description_checkout: z.string().trim().max(300, { error: 'At most 300 characters' }),
  cart_amount_minimum: dollars('the minimum').nullable(),
  cart_amount_maximum: dollars('the maximum').nullable(),
  starts_at: z.iso.datetime({ offset: true, error: 'Use a date and time' }).nullable(),
  ends_at: z.iso.datetime({ offset: true, error: 'Use a date and time' }).nullable(),
  max_uses: z.number().int().positive({ error: 'A limit is at least 1' }).nullable(),
  once_per_email: z.boolean(),
  new_customers_only: z.boolean(),
  is_active: z.boolean(),
  show_banner: z.boolean(),
  tiers: z
    .array(adminPromoTier)
    .min(1, { error: 'Add at least one tier (what the first box gets)' })
    .max(12, { error: 'At most 12 tiers' })
    .refine((tiers) => new Set(tiers.map((tier) => tier.weekly_ordinal_number)).size === tiers.length, {
      error: 'Each box number can have one tier only',
    })
    .refine((tiers) => tiers.every((tier) => tier.type !== 'percent_off' || tier.amount <= 100), {
      error: 'A percentage is at most 100',
    }),
});

const windowInOrder = (body: { starts_at?: string | null; ends_at?: string | null }) =>
  !body.starts_at || !body.ends_at || new Date(body.starts_at) < new Date(body.ends_at);
const WINDOW_MESSAGE = 'The end must be after the start';

export const adminPromoCodeBody = promoCodeFields
  .partial({
    description_checkout: true,
    cart_amount_minimum: true,
    cart_amount_maximum: true,
    starts_at: true,
    ends_at: true,
    max_uses: true,
    once_per_email: true,
    new_customers_only: true,
    is_active: true,
    show_banner: true,
  })
  .refine(windowInOrder, { error: WINDOW_MESSAGE, path: ['ends_at'] });
export type AdminPromoCodeBody = z.infer<typeof adminPromoCodeBody>;

export const adminPromoCodeUpdateBody = promoCodeFields
  .partial()
  .refine(windowInOrder, { error: WINDOW_MESSAGE, path: ['ends_at'] });
export type AdminPromoCodeUpdateBody = z.infer<typeof adminPromoCodeUpdateBody>;

/**
 * The admin's own session, kept (httpOnly, this host) while they act as a customer, so that ending
 * the impersonation returns to the admin site signed in as themselves.
 */
export const IMPERSONATOR_SESSION_COOKIE = 'admin_sid';

/** The `referral_system_discounts` settings: what a referred friend gets and what the referrer earns. */
export const adminReferralSettingsBody = z.object({
  referee_discount: z.object({
    type: z.enum(['dollars_off', 'percent_off'], { error: 'Choose dollars or percent off' }),
    amount: z
      .number({ error: 'Enter an amount' })
      .positive({ error: 'Enter an amount above 0' })
      .max(500, { error: 'That amount is too large' }),
  }),
  referrer_credit: dollars('the credit').refine((value) => value <= 500, {
    error: 'That credit is too large',
  }),
});
export type AdminReferralSettingsBody = z.infer<typeof adminReferralSettingsBody>;

export const adminPartnershipBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: PROMO_CODE_PATTERN_MESSAGE }),
  description: z
    .string()
    .trim()
    .min(1, { error: 'Describe the partnership' })
    .max(300, { error: 'At most 300 characters' }),
  /** The most of an order the partner covers. */
  max_order_value: dollars('the amount covered'),
  is_active: z.boolean(),
});
export type AdminPartnershipBody = z.infer<typeof adminPartnershipBody>;
export const adminPartnershipUpdateBody = adminPartnershipBody.partial();
export type AdminPartnershipUpdateBody = z.infer<typeof adminPartnershipUpdateBody>;

export const adminMenuBody = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name' }).max(PRODUCT_NAME_MAX),
    subtitle: z.string().trim().max(120, { error: 'At most 120 characters' }),
    description: z.string().trim().max(PRODUCT_TEXT_MAX),
    sorting_weight: z
      .number({ error: 'Enter a whole number' })
      .int({ error: 'Enter a whole number' })
      .min(-100_000)
      .max(100_000),
    /** The categories the menu shows; its primary category stays among them. */
    category_ids: z
      .array(z.number().int().positive())
      .min(1, { error: 'Choose at least one category' })
      .max(20),
  })
  .partial();
export type AdminMenuBody = z.infer<typeof adminMenuBody>;

export const BESTSELLER_MAX_ITEMS = 36;
export const adminBestsellerBody = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name' }).max(PRODUCT_NAME_MAX),
    description: z.string().trim().max(500, { error: 'At most 500 characters' }),
    show_on_cart: z.boolean(),
    /** The preset's dishes in order; quantity 0 takes a dish out. */
    items: z
      .array(
        z.object({
          sku: z.string().trim().min(1).max(64),
          quantity: z
            .number({ error: 'Enter a quantity' })
            .int({ error: 'Enter a whole number' })
            .min(0)
            .max(36, { error: 'At most 36' }),
        }),
      )
      .max(BESTSELLER_MAX_ITEMS),
  })
  .partial();
export type AdminBestsellerBody = z.infer<typeof adminBestsellerBody>;

/**
 * Who the operator command `npm run admin -- --email … [--first-name … --last-name …]` makes an
 * admin of the store (docs/decisions/038): a new account, or an existing customer promoted. It never
 * takes a password: the account's owner sets one from the emailed reset link.
 */
export const grantAdminInput = z
  .object({
    email: emailAddress,
    first_name: personName.optional(),
    last_name: personName.optional(),
  })
  .strict();
export type GrantAdminInput = z.infer<typeof grantAdminInput>;

/** The audit log's action for an account made an admin by `npm run admin` (entity `customer`). */
export const ADMIN_GRANT_ACTION = 'customer.admin_grant';
