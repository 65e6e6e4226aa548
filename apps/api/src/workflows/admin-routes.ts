import { ADMIN_AUDIT_PAGE_SIZE, ADMIN_SEARCH_LIMIT, endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import { emailsOfAccounts, searchAccounts } from '../modules/accounts/service';
import * as catalog from '../modules/catalog/admin';
import { adminOrder, promoCodeSales, searchOrders } from '../modules/checkout/admin-orders';
import { accountBalanceCents } from '../modules/gift-cards/service';
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
   * catalogue cache (docs/decisions/028-catalogue-cache.md). Called once the service's transaction has committed, so no
   * replica can re-read the old rows after clearing.
   */
  const catalogueChanged = async <T>(data: T) => {
    await app.catalogue.changed();
    return ok(data);
  };

  route(
    app,
    endpoints.admin.dashboard,
    { tags, summary: 'Sales, subscriptions, funnel, cancellations, kitchen plan' },
    async (request) => ok(await dashboard(db(), new Date(), request.query)),
  );

  route(
    app,
    endpoints.admin.audit,
    { tags, summary: 'The audit log: every admin change, newest first' },
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
  route(
    app,
    endpoints.admin.orders,
    { tags, summary: 'Orders by number or email, newest first' },
    async (request) => ok(await searchOrders(db(), request.query.q ?? '', ADMIN_SEARCH_LIMIT)),
  );

  route(
    app,
    endpoints.admin.order,
    { tags, summary: 'One order: lines, costs and refunds' },
    async (request) => ok(await adminOrder(db(), request.params.id)),
  );

  // ─── Customers ────────────────────────────────────────────────────────────────────────────
  route(app, endpoints.admin.customers, { tags, summary: 'Accounts by email, name or id' }, async (request) =>
    ok(await searchAccounts(db(), request.query.q ?? '', ADMIN_SEARCH_LIMIT)),
  );

  route(
    app,
    endpoints.admin.customer,
    { tags, summary: 'A customer: subscription, boxes, orders, credits' },
    async (request) => ok(await customerDetail(db(), request.params.id, new Date())),
  );

  route(
    app,
    endpoints.admin.skipForCustomer,
    { tags, summary: "Skip a customer's box for them" },
    async (request) =>
      ok(
        await skipForCustomer(
          db(),
          actor(request),
          request.params.id,
          request.body.date,
          new Date(),
          accountBalanceCents,
        ),
      ),
  );

  route(
    app,
    endpoints.admin.pauseForCustomer,
    { tags, summary: "Pause a customer's subscription for them" },
    async (request) => ok(await pauseForCustomer(app.deps, actor(request), request.params.id, request.body)),
  );

  // ─── Catalogue ────────────────────────────────────────────────────────────────────────────
  route(app, endpoints.admin.products, { tags, summary: 'Every product, retired ones too' }, async () =>
    ok(await catalog.listAdminProducts(db())),
  );

  route(
    app,
    endpoints.admin.product,
    { tags, summary: 'One product with the choices its form offers' },
    async (request) => ({
      data: await catalog.adminProduct(db(), request.params.id),
      meta: { choices: await catalog.catalogueChoices(db()) },
    }),
  );

  route(
    app,
    endpoints.admin.updateProduct,
    { tags, summary: 'Change a product: shown on the storefront at once' },
    async (request) =>
      await catalogueChanged(
        await catalog.updateProduct(db(), actor(request), request.params.id, request.body),
      ),
  );

  route(
    app,
    endpoints.admin.categories,
    { tags, summary: 'Categories, badges, tags, indicators' },
    async () => ok(await catalog.catalogueChoices(db())),
  );

  route(
    app,
    endpoints.admin.updateCategory,
    { tags, summary: "Change a category (its price is every item's list price)" },
    async (request) =>
      await catalogueChanged(
        await catalog.updateCategory(db(), actor(request), request.params.id, request.body),
      ),
  );

  // ─── Promotions ───────────────────────────────────────────────────────────────────────────
  route(
    app,
    endpoints.admin.promoCodes,
    { tags, summary: 'Promo codes with usage and revenue' },
    async () => {
      const [codes, sales] = await Promise.all([promotions.listAdminPromoCodes(db()), promoCodeSales(db())]);
      return ok(codes.map((code) => ({ ...code, sales: sales.get(code.id) ?? { orders: 0, revenue: 0 } })));
    },
  );

  route(
    app,
    endpoints.admin.promoCode,
    { tags, summary: 'One promo code with its tiers' },
    async (request) => {
      const [code, sales] = await Promise.all([
        promotions.adminPromoCode(db(), request.params.id),
        promoCodeSales(db()),
      ]);
      return ok({ ...code, sales: sales.get(code.id) ?? { orders: 0, revenue: 0 } });
    },
  );

  route(
    app,
    endpoints.admin.createPromoCode,
    { tags, summary: 'Create a promo code with its tiers, limits and window' },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogueChanged(await promotions.createPromoCode(db(), actor(request), request.body))),
  );

  route(
    app,
    endpoints.admin.updatePromoCode,
    { tags, summary: 'Edit or disable (is_active: false) a promo code' },
    async (request) =>
      await catalogueChanged(
        await promotions.updatePromoCode(db(), actor(request), request.params.id, request.body),
      ),
  );

  route(
    app,
    endpoints.admin.referralSettings,
    { tags, summary: 'What a referred friend gets, what the referrer earns' },
    async () => ok(await promotions.referralSettings(db())),
  );

  route(
    app,
    endpoints.admin.updateReferralSettings,
    { tags, summary: 'Change the referral_system_discounts settings' },
    async (request) =>
      await catalogueChanged(await promotions.updateReferralSettings(db(), actor(request), request.body)),
  );

  route(app, endpoints.admin.partnerships, { tags, summary: 'Partnerships' }, async () =>
    ok(await promotions.listPartnerships(db())),
  );

  route(
    app,
    endpoints.admin.createPartnership,
    { tags, summary: 'Create a partnership' },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogueChanged(await promotions.createPartnership(db(), actor(request), request.body))),
  );

  route(
    app,
    endpoints.admin.updatePartnership,
    { tags, summary: 'Edit or disable a partnership' },
    async (request) =>
      await catalogueChanged(
        await promotions.updatePartnership(db(), actor(request), request.params.id, request.body),
      ),
  );

  route(app, endpoints.admin.menus, { tags, summary: 'Menus with their categories' }, async () =>
    ok(await catalog.listAdminMenus(db())),
  );

  route(
    app,
    endpoints.admin.updateMenu,
    { tags, summary: 'Change a menu: texts, order, categories' },
    async (request) =>
      await catalogueChanged(await catalog.updateMenu(db(), actor(request), request.params.id, request.body)),
  );

  route(
    app,
    endpoints.admin.bestsellers,
    { tags, summary: 'Bestseller presets with their dishes' },
    async () => ok(await catalog.listAdminBestsellers(db())),
  );

  route(
    app,
    endpoints.admin.updateBestseller,
    { tags, summary: 'Change a bestseller preset and its dishes' },
    async (request) =>
      await catalogueChanged(
        await catalog.updateBestseller(db(), actor(request), request.params.id, request.body),
      ),
  );
}
