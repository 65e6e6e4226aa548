import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartIdFromCookie } from '../http/cart-cookie';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import { firstNamesOfOrders } from '../modules/checkout/service';
import * as promotions from '../modules/promotions/service';
import * as promoCart from './promo-cart';

const tags = ['promotions'];

/**
 * Codes on a cart (promo, partnership, a friend's referral code) and the account's referral page:
 * they span promotions, carts, accounts and checkout, so they run here (docs/decisions/048).
 */
export default async function promoRoutes(
  fastify: FastifyInstance,
  options: { siteUrl: string; emailChecksPerHour: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // Each registers under both cart prefixes (the declaration's alias), the second hidden.
  route(app, endpoints.carts.applyPromoCode, { tags }, async (request) => ({
    data: await promoCart.applyPromoCode(db(), request.params.cartId, request.body.code),
    meta: {},
  }));
  route(app, endpoints.carts.removePromoCode, { tags }, async (request) => ({
    data: await promoCart.removePromoCode(db(), request.params.cartId),
    meta: {},
  }));
  route(app, endpoints.carts.applyReferralCode, { tags }, async (request) => ({
    data: await promoCart.applyReferralCode(db(), request.params.cartId, request.body, {
      ip: request.ip,
      emailChecksPerHour: options.emailChecksPerHour,
    }),
    meta: {},
  }));

  route(app, endpoints.account.promoCode, { tags }, async (request) => ({
    data: await promoCart.promoCodeOfCart(db(), cartIdFromCookie(request.headers.cookie)),
    meta: {},
  }));

  route(app, endpoints.account.referrals, { tags }, async (request) => {
    const { user } = signedIn(request);
    return {
      data: await promotions.accountReferrals(db(), user, options.siteUrl, firstNamesOfOrders),
      meta: {},
    };
  });
}
