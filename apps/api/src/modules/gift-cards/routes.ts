import {
  accountGiftCardsResponse,
  adminCustomerGiftCardsParams,
  adminGiftCardParams,
  adminGiftCardResponse,
  adminGiftCardsResponse,
  adminIssuedGiftCardResponse,
  adminIssueGiftCardBody,
  adminVoidGiftCardBody,
  giftCardIntentParams,
  giftCardPromotionsResponse,
  giftCardPurchaseBody,
  giftCardPurchaseResponse,
  giftCardSuggestionsResponse,
  messageErrorBody,
  redeemGiftCardBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentSession, requireAdmin, signedIn } from '../../http/guards';
import * as giftCards from './service';
import { toAdminCard } from './wire';

const tags = ['gift-cards'];
const errors = {
  400: messageErrorBody,
  401: messageErrorBody,
  403: messageErrorBody,
  404: messageErrorBody,
  409: messageErrorBody,
  422: validationErrorBody,
  429: messageErrorBody,
};

/**
 * Gift cards' own routes. What codes pay on a cart needs the cart's pricing: it is served by
 * workflows/gift-card-routes.ts (docs/decisions/049).
 */
export default async function giftCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const deps = (log = app.log): giftCards.GiftCardDeps => ({ ...app.deps, log });

  app.get(
    '/api/sales/gift-card-suggestions',
    {
      schema: {
        tags,
        summary: 'Suggested gift card amounts',
        response: { 200: giftCardSuggestionsResponse },
      },
    },
    async () => ({ data: giftCards.suggestions(), meta: {} }),
  );

  app.get(
    '/api/sales/gift-cards/promotions',
    {
      schema: {
        tags,
        summary: 'Gift card promotions live now or later (a bonus card above an amount, within dates)',
        response: { 200: giftCardPromotionsResponse },
      },
    },
    async () => ({ data: await giftCards.currentPromotions(db(), new Date()), meta: {} }),
  );

  app.post(
    '/api/sales/gift-cards/purchase',
    {
      schema: {
        tags,
        summary:
          'Buy a gift card: the purchase and its payment; the card is issued when the payment succeeds',
        body: giftCardPurchaseBody,
        response: { 200: giftCardPurchaseResponse, ...errors },
      },
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

  app.get(
    '/api/sales/gift-cards/purchase-intent/:paymentIntentId',
    {
      schema: {
        tags,
        summary: "A gift card purchase's state by its payment; after 3-D Secure, confirms and issues it",
        params: giftCardIntentParams,
        response: { 200: giftCardPurchaseResponse, ...errors },
      },
    },
    async (request) => ({
      data: await giftCards.purchaseState(deps(request.log), request.params.paymentIntentId),
      meta: {},
    }),
  );

  app.get(
    '/api/me/gift-cards',
    {
      schema: {
        tags,
        summary: "My gift cards: the balance my next boxes take, and each card's history",
        response: { 200: accountGiftCardsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await giftCards.accountGiftCards(db(), signedIn(request).user.id),
      meta: {},
    }),
  );

  app.post(
    '/api/me/gift-cards',
    {
      schema: {
        tags,
        summary: 'Add a gift card to my account: its balance pays my next boxes',
        body: redeemGiftCardBody,
        response: { 200: accountGiftCardsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await giftCards.redeemToAccount(db(), signedIn(request).user.id, request.body.code, request.ip),
      meta: {},
    }),
  );

  // Admin hooks: the admin site's screens (another issue) call these; each service answers what an
  // audit entry needs.
  app.get(
    '/api/admin/gift-cards',
    {
      schema: {
        tags,
        summary: 'Gift cards, newest first, with their ledgers',
        response: { 200: adminGiftCardsResponse, ...errors },
      },
      preHandler: requireAdmin,
    },
    async () => ({
      data: (await giftCards.adminListCards(db())).map(({ card, entries }) => toAdminCard(card, entries)),
      meta: {},
    }),
  );

  app.get(
    '/api/admin/customers/:userId/gift-cards',
    {
      schema: {
        tags,
        summary: "A customer's gift cards: the balance their next boxes take, and each card's history",
        params: adminCustomerGiftCardsParams,
        response: { 200: accountGiftCardsResponse, ...errors },
      },
      preHandler: requireAdmin,
    },
    async (request) => ({ data: await giftCards.accountGiftCards(db(), request.params.userId), meta: {} }),
  );

  app.get(
    '/api/admin/gift-cards/:giftCardId',
    {
      schema: {
        tags,
        summary: 'One gift card and its ledger',
        params: adminGiftCardParams,
        response: { 200: adminGiftCardResponse, ...errors },
      },
      preHandler: requireAdmin,
    },
    async (request) => {
      const { card, entries } = await giftCards.adminGetCard(db(), request.params.giftCardId);
      return { data: toAdminCard(card, entries), meta: {} };
    },
  );

  app.post(
    '/api/admin/gift-cards',
    {
      schema: {
        tags,
        summary: 'Issue a gift card by hand (emailed at once when a recipient email is given)',
        body: adminIssueGiftCardBody,
        response: { 201: adminIssuedGiftCardResponse, ...errors },
      },
      preHandler: requireAdmin,
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

  app.post(
    '/api/admin/gift-cards/:giftCardId/void',
    {
      schema: {
        tags,
        summary: 'Void a gift card: a ledger entry takes its balance to zero (never a delete)',
        params: adminGiftCardParams,
        body: adminVoidGiftCardBody,
        response: { 200: adminGiftCardResponse, ...errors },
      },
      preHandler: requireAdmin,
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
