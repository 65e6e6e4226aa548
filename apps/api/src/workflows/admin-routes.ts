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

  route(app, endpoints.admin.dashboard, { tags }, async (request) =>
    ok(await dashboard(db(), new Date(), request.query)),
  );

  route(app, endpoints.admin.audit, { tags }, async (request) => {
    const { entries, total } = await listAuditEntries(
      db(),
      { entity: request.query.entity, entityId: request.query.entity_id },
      { page: request.query.page, perPage: ADMIN_AUDIT_PAGE_SIZE },
      emailsOfAccounts,
    );
    return { data: entries, meta: { total, page: request.query.page, per_page: ADMIN_AUDIT_PAGE_SIZE } };
  });

  // ─── Orders ───────────────────────────────────────────────────────────────────────────────
  route(app, endpoints.admin.orders, { tags }, async (request) =>
    ok(await searchOrders(db(), request.query.q ?? '', ADMIN_SEARCH_LIMIT)),
  );

  route(app, endpoints.admin.order, { tags }, async (request) =>
    ok(await adminOrder(db(), request.params.id)),
  );

  // ─── Customers ────────────────────────────────────────────────────────────────────────────
  route(app, endpoints.admin.customers, { tags }, async (request) =>
    ok(await searchAccounts(db(), request.query.q ?? '', ADMIN_SEARCH_LIMIT)),
  );

  route(app, endpoints.admin.customer, { tags }, async (request) =>
    ok(await customerDetail(db(), request.params.id, new Date())),
  );

  route(app, endpoints.admin.skipForCustomer, { tags }, async (request) =>
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

  route(app, endpoints.admin.pauseForCustomer, { tags }, async (request) =>
    ok(await pauseForCustomer(app.deps, actor(request), request.params.id, request.body)),
  );

  // ─── Catalogue ────────────────────────────────────────────────────────────────────────────
  route(app, endpoints.admin.products, { tags }, async () => ok(await catalog.listAdminProducts(db())));

  route(app, endpoints.admin.product, { tags }, async (request) => ({
    data: await catalog.adminProduct(db(), request.params.id),
    meta: { choices: await catalog.catalogueChoices(db()) },
  }));

  route(
    app,
    endpoints.admin.updateProduct,
    { tags },
    async (request) =>
      await catalogueChanged(
        await catalog.updateProduct(db(), actor(request), request.params.id, request.body),
      ),
  );

  route(app, endpoints.admin.categories, { tags }, async () => ok(await catalog.catalogueChoices(db())));

  route(
    app,
    endpoints.admin.updateCategory,
    { tags },
    async (request) =>
      await catalogueChanged(
        await catalog.updateCategory(db(), actor(request), request.params.id, request.body),
      ),
  );

  // ─── Promotions ───────────────────────────────────────────────────────────────────────────
  route(app, endpoints.admin.promoCodes, { tags }, async () => {
    const [codes, sales] = await Promise.all([promotions.listAdminPromoCodes(db()), promoCodeSales(db())]);
    return ok(codes.map((code) => ({ ...code, sales: sales.get(code.id) ?? { orders: 0, revenue: 0 } })));
  });

  route(app, endpoints.admin.promoCode, { tags }, async (request) => {
    const [code, sales] = await Promise.all([
      promotions.adminPromoCode(db(), request.params.id),
      promoCodeSales(db()),
    ]);
    return ok({ ...code, sales: sales.get(code.id) ?? { orders: 0, revenue: 0 } });
  });

  route(app, endpoints.admin.createPromoCode, { tags }, async (request, reply) =>
    reply
      .status(201)
      .send(await catalogueChanged(await promotions.createPromoCode(db(), actor(request), request.body))),
  );

  route(
    app,
    endpoints.admin.updatePromoCode,
    { tags },
    async (request) =>
      await catalogueChanged(
        await promotions.updatePromoCode(db(), actor(request), request.params.id, request.body),
      ),
  );

  route(app, endpoints.admin.referralSettings, { tags }, async () =>
    ok(await promotions.referralSettings(db())),
  );

  route(
    app,
    endpoints.admin.updateReferralSettings,
    { tags },
    async (request) =>
      await catalogueChanged(await promotions.updateReferralSettings(db(), actor(request), request.body)),
  );

  route(app, endpoints.admin.partnerships, { tags }, async () => ok(await promotions.listPartnerships(db())));

  route(app, endpoints.admin.createPartnership, { tags }, async (request, reply) =>
    reply
      .status(201)
      .send(await catalogueChanged(await promotions.createPartnership(db(), actor(request), request.body))),
  );

  route(
    app,
    endpoints.admin.updatePartnership,
    { tags },
    async (request) =>
      await catalogueChanged(
        await promotions.updatePartnership(db(), actor(request), request.params.id, request.body),
      ),
  );

  route(app, endpoints.admin.menus, { tags }, async () => ok(await catalog.listAdminMenus(db())));

  route(
    app,
    endpoints.admin.updateMenu,
    { tags },
    async (request) =>
      await catalogueChanged(await catalog.updateMenu(db(), actor(request), request.params.id, request.body)),
  );

  route(app, endpoints.admin.bestsellers, { tags }, async () => ok(await catalog.listAdminBestsellers(db())));

  route(
    app,
    endpoints.admin.updateBestseller,
    { tags },
    async (request) =>
      await catalogueChanged(
        await catalog.updateBestseller(db(), actor(request), request.params.id, request.body),
      ),
  );
}
