import {
  adminAuditQuery,
  adminBestsellerBody,
  adminCategoryBody,
  adminDashboardQuery,
  adminIdParams,
  adminMenuBody,
  adminPartnershipBody,
  adminPartnershipUpdateBody,
  adminProductBody,
  adminPromoCodeBody,
  adminPromoCodeUpdateBody,
  adminReferralSettingsBody,
  adminRefundBody,
  adminSearchQuery,
  adminSkipBody,
} from './admin';
import {
  adminAuditResponse,
  adminBestsellerResponse,
  adminBestsellersResponse,
  adminCatalogueChoicesResponse,
  adminCustomerResponse,
  adminCustomersResponse,
  adminDashboardResponse,
  adminMenuResponse,
  adminMenusResponse,
  adminOrderResponse,
  adminOrdersResponse,
  adminPartnershipResponse,
  adminPartnershipsResponse,
  adminProductDetailResponse,
  adminProductResponse,
  adminProductsResponse,
  adminPromoCodeResponse,
  adminPromoCodesResponse,
  adminPromoCodeWithSalesResponse,
  adminReferralSettingsResponse,
} from './admin-responses';
import {
  adminBlogPostIdParams,
  adminBlogPostInput,
  adminBlogPostPatch,
  adminBlogPostResponse,
  adminBlogPostsQuery,
  adminBlogPostsResponse,
  adminBlogPreviewInput,
  adminBlogPreviewResponse,
  adminBlogPublishInput,
} from './blog';
import { giftCardFailures, signedInFailures } from './endpoint-failures';
import { declare } from './endpoints-types';
import { adminExperimentBody, adminExperimentUpdateBody } from './experiments-admin';
import {
  accountGiftCardsResponse,
  adminCustomerGiftCardsParams,
  adminGiftCardParams,
  adminGiftCardResponse,
  adminGiftCardsResponse,
  adminIssuedGiftCardResponse,
  adminIssueGiftCardBody,
  adminVoidGiftCardBody,
} from './gift-cards';
import { pauseBody } from './lifecycle';

export const adminEndpoints = {
  /** Sales, subscriptions, funnel, cancellations, kitchen plan */
  dashboard: declare({
    method: 'GET',
    path: '/api/admin/dashboard',
    query: adminDashboardQuery,
    responses: { 200: adminDashboardResponse },
  }),
  /** The audit log: every admin change, newest first */
  audit: declare({
    method: 'GET',
    path: '/api/admin/audit',
    query: adminAuditQuery,
    responses: { 200: adminAuditResponse },
  }),
  /** Orders by number or email, newest first */
  orders: declare({
    method: 'GET',
    path: '/api/admin/orders',
    query: adminSearchQuery,
    responses: { 200: adminOrdersResponse },
  }),
  /** One order: lines, costs and refunds */
  order: declare({
    method: 'GET',
    path: '/api/admin/orders/:id',
    params: adminIdParams,
    responses: { 200: adminOrderResponse },
  }),
  /** Refund in full (no amount) or in part through the payment provider; idempotent by key */
  refund: declare({
    method: 'POST',
    path: '/api/admin/orders/:id/refunds',
    params: adminIdParams,
    body: adminRefundBody,
    responses: { 200: adminOrderResponse },
  }),
  /** Send the order confirmation again */
  resendConfirmation: declare({
    method: 'POST',
    path: '/api/admin/orders/:id/confirmation-emails',
    params: adminIdParams,
    responses: {},
  }),
  /** Accounts by email, name or id */
  customers: declare({
    method: 'GET',
    path: '/api/admin/customers',
    query: adminSearchQuery,
    responses: { 200: adminCustomersResponse },
  }),
  /** A customer: subscription, boxes, orders, credits */
  customer: declare({
    method: 'GET',
    path: '/api/admin/customers/:id',
    params: adminIdParams,
    responses: { 200: adminCustomerResponse },
  }),
  /** Skip a customer's box for them */
  skipForCustomer: declare({
    method: 'POST',
    path: '/api/admin/customers/:id/skips',
    params: adminIdParams,
    body: adminSkipBody,
    responses: {},
  }),
  /** Pause a customer's subscription for them */
  pauseForCustomer: declare({
    method: 'POST',
    path: '/api/admin/customers/:id/pause',
    params: adminIdParams,
    body: pauseBody,
    responses: {},
  }),
  /** A customer's gift cards: the balance their next boxes take, and each card's history */
  customerGiftCards: declare({
    method: 'GET',
    path: '/api/admin/customers/:userId/gift-cards',
    params: adminCustomerGiftCardsParams,
    responses: { 200: accountGiftCardsResponse, ...giftCardFailures },
  }),
  /** Every product, retired ones too */
  products: declare({
    method: 'GET',
    path: '/api/admin/products',
    responses: { 200: adminProductsResponse },
  }),
  /** One product with the choices its form offers */
  product: declare({
    method: 'GET',
    path: '/api/admin/products/:id',
    params: adminIdParams,
    responses: { 200: adminProductDetailResponse },
  }),
  /** Change a product: shown on the storefront at once */
  updateProduct: declare({
    method: 'PATCH',
    path: '/api/admin/products/:id',
    params: adminIdParams,
    body: adminProductBody,
    responses: { 200: adminProductResponse },
  }),
  /** Categories, badges, tags, indicators */
  categories: declare({
    method: 'GET',
    path: '/api/admin/categories',
    responses: { 200: adminCatalogueChoicesResponse },
  }),
  /** Change a category (its price is every item's list price) */
  updateCategory: declare({
    method: 'PATCH',
    path: '/api/admin/categories/:id',
    params: adminIdParams,
    body: adminCategoryBody,
    responses: {},
  }),
  /** Promo codes with usage and revenue */
  promoCodes: declare({
    method: 'GET',
    path: '/api/admin/promo-codes',
    responses: { 200: adminPromoCodesResponse },
  }),
  /** One promo code with its tiers */
  promoCode: declare({
    method: 'GET',
    path: '/api/admin/promo-codes/:id',
    params: adminIdParams,
    responses: { 200: adminPromoCodeWithSalesResponse },
  }),
  /** Create a promo code with its tiers, limits and window */
  createPromoCode: declare({
    method: 'POST',
    path: '/api/admin/promo-codes',
    body: adminPromoCodeBody,
    responses: { 201: adminPromoCodeResponse },
  }),
  /** Edit or disable (is_active: false) a promo code */
  updatePromoCode: declare({
    method: 'PATCH',
    path: '/api/admin/promo-codes/:id',
    params: adminIdParams,
    body: adminPromoCodeUpdateBody,
    responses: { 200: adminPromoCodeResponse },
  }),
  /** What a referred friend gets, what the referrer earns */
  referralSettings: declare({
    method: 'GET',
    path: '/api/admin/referral-settings',
    responses: { 200: adminReferralSettingsResponse },
  }),
  /** Change the referral_system_discounts settings */
  updateReferralSettings: declare({
    method: 'PUT',
    path: '/api/admin/referral-settings',
    body: adminReferralSettingsBody,
    responses: { 200: adminReferralSettingsResponse },
  }),
  /** Partnerships */
  partnerships: declare({
    method: 'GET',
    path: '/api/admin/partnerships',
    responses: { 200: adminPartnershipsResponse },
  }),
  /** Create a partnership */
  createPartnership: declare({
    method: 'POST',
    path: '/api/admin/partnerships',
    body: adminPartnershipBody,
    responses: { 201: adminPartnershipResponse },
  }),
  /** Edit or disable a partnership */
  updatePartnership: declare({
    method: 'PATCH',
    path: '/api/admin/partnerships/:id',
    params: adminIdParams,
    body: adminPartnershipUpdateBody,
    responses: { 200: adminPartnershipResponse },
  }),
  /** Menus with their categories */
  menus: declare({ method: 'GET', path: '/api/admin/menus', responses: { 200: adminMenusResponse } }),
  /** Change a menu: texts, order, categories */
  updateMenu: declare({
    method: 'PATCH',
    path: '/api/admin/menus/:id',
    params: adminIdParams,
    body: adminMenuBody,
    responses: { 200: adminMenuResponse },
  }),
  /** Bestseller presets with their dishes */
  bestsellers: declare({
    method: 'GET',
    path: '/api/admin/bestsellers',
    responses: { 200: adminBestsellersResponse },
  }),
  /** Change a bestseller preset and its dishes */
  updateBestseller: declare({
    method: 'PUT',
    path: '/api/admin/bestsellers/:id',
    params: adminIdParams,
    body: adminBestsellerBody,
    responses: { 200: adminBestsellerResponse },
  }),
  /** Experiments with assignment, exposure and conversion per variant */
  experiments: declare({ method: 'GET', path: '/api/admin/experiments', responses: {} }),
  /** One experiment and its numbers */
  experiment: declare({
    method: 'GET',
    path: '/api/admin/experiments/:id',
    params: adminIdParams,
    responses: {},
  }),
  /** Define an experiment */
  createExperiment: declare({
    method: 'POST',
    path: '/api/admin/experiments',
    body: adminExperimentBody,
    responses: {},
  }),
  /** Change an experiment: name, weights (new visitors only), dates */
  updateExperiment: declare({
    method: 'PATCH',
    path: '/api/admin/experiments/:id',
    params: adminIdParams,
    body: adminExperimentUpdateBody,
    responses: {},
  }),
  /** Gift cards, newest first, with their ledgers */
  giftCards: declare({
    method: 'GET',
    path: '/api/admin/gift-cards',
    responses: { 200: adminGiftCardsResponse, ...giftCardFailures },
  }),
  /** One gift card and its ledger */
  giftCard: declare({
    method: 'GET',
    path: '/api/admin/gift-cards/:giftCardId',
    params: adminGiftCardParams,
    responses: { 200: adminGiftCardResponse, ...giftCardFailures },
  }),
  /** Issue a gift card by hand (emailed at once when a recipient email is given) */
  issueGiftCard: declare({
    method: 'POST',
    path: '/api/admin/gift-cards',
    body: adminIssueGiftCardBody,
    responses: { 201: adminIssuedGiftCardResponse, ...giftCardFailures },
  }),
  /** Void a gift card: a ledger entry takes its balance to zero (never a delete) */
  voidGiftCard: declare({
    method: 'POST',
    path: '/api/admin/gift-cards/:giftCardId/void',
    params: adminGiftCardParams,
    body: adminVoidGiftCardBody,
    responses: { 200: adminGiftCardResponse, ...giftCardFailures },
  }),
};

export const adminBlogEndpoints = {
  /** Admin only: every post, drafts and scheduled ones first */
  posts: declare({
    method: 'GET',
    path: '/api/admin/posts',
    query: adminBlogPostsQuery,
    responses: { 200: adminBlogPostsResponse, ...signedInFailures },
  }),
  /** Admin only: one post, whatever its status */
  post: declare({
    method: 'GET',
    path: '/api/admin/posts/:id',
    params: adminBlogPostIdParams,
    responses: { 200: adminBlogPostResponse, ...signedInFailures },
  }),
  /** Admin only: create a post (a draft until published or scheduled) */
  create: declare({
    method: 'POST',
    path: '/api/admin/posts',
    body: adminBlogPostInput,
    responses: { 201: adminBlogPostResponse, ...signedInFailures },
  }),
  /** Admin only: edit a post */
  update: declare({
    method: 'PATCH',
    path: '/api/admin/posts/:id',
    params: adminBlogPostIdParams,
    body: adminBlogPostPatch,
    responses: { 200: adminBlogPostResponse, ...signedInFailures },
  }),
  /** Admin only: render Markdown as the article will show it */
  preview: declare({
    method: 'POST',
    path: '/api/admin/posts/preview',
    body: adminBlogPreviewInput,
    responses: { 200: adminBlogPreviewResponse, ...signedInFailures },
  }),
  /** Admin only: publish now, or schedule with a future published_at */
  publish: declare({
    method: 'POST',
    path: '/api/admin/posts/:id/publish',
    params: adminBlogPostIdParams,
    body: adminBlogPublishInput,
    responses: { 200: adminBlogPostResponse, ...signedInFailures },
  }),
  /** Admin only: take a post back to draft */
  unpublish: declare({
    method: 'POST',
    path: '/api/admin/posts/:id/unpublish',
    params: adminBlogPostIdParams,
    responses: { 200: adminBlogPostResponse, ...signedInFailures },
  }),
};
