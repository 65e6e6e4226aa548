import {
  ADMIN_AUDIT_PAGE_SIZE,
  ADMIN_SEARCH_LIMIT,
  adminAuditQuery,
  adminAuditResponse,
  adminBestsellerBody,
  adminBestsellerResponse,
  adminBestsellersResponse,
  adminCatalogueChoicesResponse,
  adminCategoryBody,
  adminCustomerResponse,
  adminCustomersResponse,
  adminDashboardQuery,
  adminDashboardResponse,
  adminIdParams,
  adminMenuBody,
  adminMenuResponse,
  adminMenusResponse,
  adminOrderResponse,
  adminOrdersResponse,
  adminPartnershipBody,
  adminPartnershipResponse,
  adminPartnershipsResponse,
  adminPartnershipUpdateBody,
  adminProductBody,
  adminProductDetailResponse,
  adminProductResponse,
  adminProductsResponse,
  adminPromoCodeBody,
  adminPromoCodeResponse,
  adminPromoCodesResponse,
  adminPromoCodeUpdateBody,
  adminPromoCodeWithSalesResponse,
  adminReferralSettingsBody,
  adminReferralSettingsResponse,
  adminSearchQuery,
  adminSkipBody,
  pauseBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../http/guards';
import { emailsOfAccounts, searchAccounts } from '../modules/accounts/service';
import * as catalog from '../modules/catalog/admin';
import { adminOrder, promoCodeSales, searchOrders } from '../modules/checkout/admin-orders';
import * as promotions from '../modules/promotions/admin';
import { skipForCustomer } from '../modules/subscriptions/admin-reports';
import { listAuditEntries } from '../platform/audit/service';
import { customerDetail, dashboard } from './admin-reports';
import { pauseForCustomer } from './subscription-lifecycle';

const tags = ['admin'];

/**
 * The admin site's /api/admin routes: a thin composition of the modules' admin services (accounts,
 * catalog, checkout, promotions, subscriptions) and the audit trail, so it lives above the modules
 * (docs/decisions/048). The guard is http/route-guard.ts, registered before every module: it covers
 * these and the admin routes modules add.
 */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const actor = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.id;
  const ok = <T>(data: T) => ({ data, meta: {} });
  /**
   * A committed write to what the storefront's catalogue shows or prices (products, categories,
   * menus, presets, promo codes, partnerships, the referral offer): every replica drops its
   * catalogue cache (decision 028). Called once the service's transaction has committed, so no
   * replica can re-read the old rows after clearing.
   */
  const catalogueChanged = async <T>(data: T) => {
    await app.catalogue.changed();
    return ok(data);
  };

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Sales, subscriptions, funnel, cancellations, kitchen plan',
        querystring: adminDashboardQuery,
        response: { 200: adminDashboardResponse },
      },
    },
    async (request) => ok(await dashboard(db(), new Date(), request.query)),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log: every admin change, newest first',
        querystring: adminAuditQuery,
        response: { 200: adminAuditResponse },
      },
    },
    async (request) => {
      const { entries, total } = await listAuditEntries(
        db(),
        { entity: request.query.entity, entityId: request.query.entity_id },
        { page: request.query.page, perPage: ADMIN_AUDIT_PAGE_SIZE },
        emailsOfAccounts,
      );
      return { data: entries, meta: { total, page: request.query.page, per_page: ADMIN_AUDIT_PAGE_SIZE } };
    },
  );

  // ─── Orders ───────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags,
        summary: 'Orders by number or email, newest first',
        querystring: adminSearchQuery,
        response: { 200: adminOrdersResponse },
      },
    },
    async (request) => ok(await searchOrders(db(), request.query.q ?? '', ADMIN_SEARCH_LIMIT)),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order: lines, costs and refunds',
        params: adminIdParams,
        response: { 200: adminOrderResponse },
      },
    },
    async (request) => ok(await adminOrder(db(), request.params.id)),
  );

  // ─── Customers ────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/customers',
    {
      schema: {
        tags,
        summary: 'Accounts by email, name or id',
        querystring: adminSearchQuery,
        response: { 200: adminCustomersResponse },
      },
    },
    async (request) => ok(await searchAccounts(db(), request.query.q ?? '', ADMIN_SEARCH_LIMIT)),
  );

  app.get(
    '/api/admin/customers/:id',
    {
      schema: {
        tags,
        summary: 'A customer: subscription, boxes, orders, credits',
        params: adminIdParams,
        response: { 200: adminCustomerResponse },
      },
    },
    async (request) => ok(await customerDetail(db(), request.params.id, new Date())),
  );

  app.post(
    '/api/admin/customers/:id/skips',
    {
      schema: { tags, summary: "Skip a customer's box for them", params: adminIdParams, body: adminSkipBody },
    },
    async (request) =>
      ok(await skipForCustomer(db(), actor(request), request.params.id, request.body.date, new Date())),
  );

  app.post(
    '/api/admin/customers/:id/pause',
    {
      schema: {
        tags,
        summary: "Pause a customer's subscription for them",
        params: adminIdParams,
        body: pauseBody,
      },
    },
    async (request) => ok(await pauseForCustomer(app.deps, actor(request), request.params.id, request.body)),
  );

  // ─── Catalogue ────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/products',
    {
      schema: { tags, summary: 'Every product, retired ones too', response: { 200: adminProductsResponse } },
    },
    async () => ok(await catalog.listAdminProducts(db())),
  );

  app.get(
    '/api/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with the choices its form offers',
        params: adminIdParams,
        response: { 200: adminProductDetailResponse },
      },
    },
    async (request) => ({
      data: await catalog.adminProduct(db(), request.params.id),
      meta: { choices: await catalog.catalogueChoices(db()) },
    }),
  );

  app.patch(
    '/api/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'Change a product: shown on the storefront at once',
        params: adminIdParams,
        body: adminProductBody,
        response: { 200: adminProductResponse },
      },
    },
    async (request) =>
      await catalogueChanged(
        await catalog.updateProduct(db(), actor(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/api/admin/categories',
    {
      schema: {
        tags,
        summary: 'Categories, badges, tags, indicators',
        response: { 200: adminCatalogueChoicesResponse },
      },
    },
    async () => ok(await catalog.catalogueChoices(db())),
  );

  app.patch(
    '/api/admin/categories/:id',
    {
      schema: {
        tags,
        summary: "Change a category (its price is every item's list price)",
        params: adminIdParams,
        body: adminCategoryBody,
      },
    },
    async (request) =>
      await catalogueChanged(
        await catalog.updateCategory(db(), actor(request), request.params.id, request.body),
      ),
  );

  // ─── Promotions ───────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/promo-codes',
    {
      schema: {
        tags,
        summary: 'Promo codes with usage and revenue',
        response: { 200: adminPromoCodesResponse },
      },
    },
    async () => {
      const [codes, sales] = await Promise.all([promotions.listAdminPromoCodes(db()), promoCodeSales(db())]);
      return ok(codes.map((code) => ({ ...code, sales: sales.get(code.id) ?? { orders: 0, revenue: 0 } })));
    },
  );

  app.get(
    '/api/admin/promo-codes/:id',
    {
      schema: {
        tags,
        summary: 'One promo code with its tiers',
        params: adminIdParams,
        response: { 200: adminPromoCodeWithSalesResponse },
      },
    },
    async (request) => {
      const [code, sales] = await Promise.all([
        promotions.adminPromoCode(db(), request.params.id),
        promoCodeSales(db()),
      ]);
      return ok({ ...code, sales: sales.get(code.id) ?? { orders: 0, revenue: 0 } });
    },
  );

  app.post(
    '/api/admin/promo-codes',
    {
      schema: {
        tags,
        summary: 'Create a promo code with its tiers, limits and window',
        body: adminPromoCodeBody,
        response: { 201: adminPromoCodeResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogueChanged(await promotions.createPromoCode(db(), actor(request), request.body))),
  );

  app.patch(
    '/api/admin/promo-codes/:id',
    {
      schema: {
        tags,
        summary: 'Edit or disable (is_active: false) a promo code',
        params: adminIdParams,
        body: adminPromoCodeUpdateBody,
        response: { 200: adminPromoCodeResponse },
      },
    },
    async (request) =>
      await catalogueChanged(
        await promotions.updatePromoCode(db(), actor(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/api/admin/referral-settings',
    {
      schema: {
        tags,
        summary: 'What a referred friend gets, what the referrer earns',
        response: { 200: adminReferralSettingsResponse },
      },
    },
    async () => ok(await promotions.referralSettings(db())),
  );

  app.put(
    '/api/admin/referral-settings',
    {
      schema: {
        tags,
        summary: 'Change the referral_system_discounts settings',
        body: adminReferralSettingsBody,
        response: { 200: adminReferralSettingsResponse },
      },
    },
    async (request) =>
      await catalogueChanged(await promotions.updateReferralSettings(db(), actor(request), request.body)),
  );

  app.get(
    '/api/admin/partnerships',
    { schema: { tags, summary: 'Partnerships', response: { 200: adminPartnershipsResponse } } },
    async () => ok(await promotions.listPartnerships(db())),
  );

  app.post(
    '/api/admin/partnerships',
    {
      schema: {
        tags,
        summary: 'Create a partnership',
        body: adminPartnershipBody,
        response: { 201: adminPartnershipResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogueChanged(await promotions.createPartnership(db(), actor(request), request.body))),
  );

  app.patch(
    '/api/admin/partnerships/:id',
    {
      schema: {
        tags,
        summary: 'Edit or disable a partnership',
        params: adminIdParams,
        body: adminPartnershipUpdateBody,
        response: { 200: adminPartnershipResponse },
      },
    },
    async (request) =>
      await catalogueChanged(
        await promotions.updatePartnership(db(), actor(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/api/admin/menus',
    { schema: { tags, summary: 'Menus with their categories', response: { 200: adminMenusResponse } } },
    async () => ok(await catalog.listAdminMenus(db())),
  );

  app.patch(
    '/api/admin/menus/:id',
    {
      schema: {
        tags,
        summary: 'Change a menu: texts, order, categories',
        params: adminIdParams,
        body: adminMenuBody,
        response: { 200: adminMenuResponse },
      },
    },
    async (request) =>
      await catalogueChanged(await catalog.updateMenu(db(), actor(request), request.params.id, request.body)),
  );

  app.get(
    '/api/admin/bestsellers',
    {
      schema: {
        tags,
        summary: 'Bestseller presets with their dishes',
        response: { 200: adminBestsellersResponse },
      },
    },
    async () => ok(await catalog.listAdminBestsellers(db())),
  );

  app.put(
    '/api/admin/bestsellers/:id',
    {
      schema: {
        tags,
        summary: 'Change a bestseller preset and its dishes',
        params: adminIdParams,
        body: adminBestsellerBody,
        response: { 200: adminBestsellerResponse },
      },
    },
    async (request) =>
      await catalogueChanged(
        await catalog.updateBestseller(db(), actor(request), request.params.id, request.body),
      ),
  );
}
