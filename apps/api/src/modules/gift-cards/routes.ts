import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { currentSession, requireAdmin, signedIn } from '../../http/guards';
import * as giftCards from './service';
import { toAdminCard } from './wire';

const tags = ['gift-cards'];

/**
 * Gift cards' own routes. What codes pay on a cart needs the cart's pricing: it is served by
 * workflows/gift-card-routes.ts (docs/decisions/049).
 */
export default async function giftCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const deps = (log = app.log): giftCards.GiftCardDeps => ({ ...app.deps, log });

  route(app, endpoints.giftCards.suggestions, { tags }, async () => ({
    data: giftCards.suggestions(),
    meta: {},
  }));

  route(app, endpoints.giftCards.promotions, { tags }, async () => ({
    data: await giftCards.currentPromotions(db(), new Date()),
    meta: {},
  }));

  route(
    app,
    endpoints.giftCards.purchase,
    {
      tags,
    },
    async (request) => {
      // Anonymous or signed in: a signed-in buyer's receipt goes to their account email by default.
      const session = await currentSession(request);
      const buyer = session ? { userId: session.user.id, email: session.user.email } : null;
      return {
        data: await giftCards.purchaseGiftCard(deps(request.log), request.body, buyer, request.ip),
        meta: {},
      };
    },
  );

  route(
    app,
    endpoints.giftCards.purchaseByIntent,
    {
      tags,
    },
    async (request) => ({
      data: await giftCards.purchaseState(deps(request.log), request.params.paymentIntentId),
      meta: {},
    }),
  );

  route(app, endpoints.account.giftCards, { tags }, async (request) => ({
    data: await giftCards.accountGiftCards(db(), signedIn(request).user.id),
    meta: {},
  }));

  route(app, endpoints.account.redeemGiftCard, { tags }, async (request) => ({
    data: await giftCards.redeemToAccount(db(), signedIn(request).user.id, request.body.code, request.ip),
    meta: {},
  }));

  // Admin hooks: the admin site's screens (another issue) call these; each service answers what an
  // audit entry needs.
  route(app, endpoints.admin.giftCards, { tags, route: { preHandler: requireAdmin } }, async () => ({
    data: (await giftCards.adminListCards(db())).map(({ card, entries }) => toAdminCard(card, entries)),
    meta: {},
  }));

  route(
    app,
    endpoints.admin.customerGiftCards,
    {
      tags,
      route: { preHandler: requireAdmin },
    },
    async (request) => ({ data: await giftCards.accountGiftCards(db(), request.params.userId), meta: {} }),
  );

  route(app, endpoints.admin.giftCard, { tags, route: { preHandler: requireAdmin } }, async (request) => {
    const { card, entries } = await giftCards.adminGetCard(db(), request.params.giftCardId);
    return { data: toAdminCard(card, entries), meta: {} };
  });

  route(
    app,
    endpoints.admin.issueGiftCard,
    {
      tags,
      route: { preHandler: requireAdmin },
    },
    async (request, reply) => {
      const body = request.body;
      const issued = await giftCards.adminIssueCard(deps(request.log), {
        amountCents: body.amount * 100,
        recipientName: body.recipient_name,
        recipientEmail: body.recipient_email,
        note: body.note,
        expiresAt: body.expires_at ? new Date(body.expires_at) : undefined,
        adminUserId: signedIn(request).user.id,
      });
      return reply
        .code(201)
        .send({ data: { ...toAdminCard(issued.card, issued.entries), code: issued.code }, meta: {} });
    },
  );

  route(
    app,
    endpoints.admin.voidGiftCard,
    {
      tags,
      route: { preHandler: requireAdmin },
    },
    async (request) => {
      const { after, entries } = await giftCards.adminVoidCard(db(), {
        giftCardId: request.params.giftCardId,
        note: request.body.note,
        adminUserId: signedIn(request).user.id,
      });
      return { data: toAdminCard(after, entries), meta: {} };
    },
  );
}
