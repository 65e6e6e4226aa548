import {
  abandonedCartParams,
  abandonedCartResponse,
  applyPromoCodeBody,
  applyReferralCodeBody,
  cartChangeErrorBodies,
  mePromoCodeResponse,
  messageErrorBody,
  referralResponse,
  referralsResponse,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CART_PREFIXES, cartIdFromCookie } from '../http/cart-cookie';
import { signedIn } from '../http/guards';
import { firstNamesOfOrders } from '../modules/checkout/service';
import * as promotions from '../modules/promotions/service';
import * as promoCart from './promo-cart';

const errors = cartChangeErrorBodies;
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

  for (const prefix of CART_PREFIXES) {
    const hide = prefix !== CART_PREFIXES[0];
    app.post(
      `${prefix}/:cartId/promo-codes`,
      {
        schema: {
          tags,
          hide,
          summary: 'Apply a promo code (or a partnership code) to the cart',
          params: abandonedCartParams,
          body: applyPromoCodeBody,
          response: { 200: abandonedCartResponse, ...errors },
        },
      },
      async (request) => ({
        data: await promoCart.applyPromoCode(db(), request.params.cartId, request.body.code),
        meta: {},
      }),
    );
    app.delete(
      `${prefix}/:cartId/promo-codes`,
      {
        schema: {
          tags,
          hide,
          summary: 'Remove the promo code from the cart',
          params: abandonedCartParams,
          response: { 200: abandonedCartResponse, ...errors },
        },
      },
      async (request) => ({ data: await promoCart.removePromoCode(db(), request.params.cartId), meta: {} }),
    );
    app.post(
      `${prefix}/:cartId/referral-codes`,
      {
        schema: {
          tags,
          hide,
          summary: "Apply a friend's referral code",
          params: abandonedCartParams,
          body: applyReferralCodeBody,
          response: { 200: referralResponse, ...errors, 429: messageErrorBody },
        },
      },
      async (request) => ({
        data: await promoCart.applyReferralCode(db(), request.params.cartId, request.body, {
          ip: request.ip,
          emailChecksPerHour: options.emailChecksPerHour,
        }),
        meta: {},
      }),
    );
  }

  app.get(
    '/api/me/promo-code',
    {
      schema: {
        tags,
        summary: "The promo code on the visitor's cart (cookie abandoned_cart_id)",
        querystring: z.object({}).strict(),
        response: { 200: mePromoCodeResponse },
      },
    },
    async (request) => ({
      data: await promoCart.promoCodeOfCart(db(), cartIdFromCookie(request.headers.cookie)),
      meta: {},
    }),
  );

  app.get(
    '/api/me/referrals',
    {
      schema: {
        tags,
        summary: 'My referral code and share link, what a friend gets, my referral credits and friends',
        response: { 200: referralsResponse, 401: messageErrorBody },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await promotions.accountReferrals(db(), user, options.siteUrl, firstNamesOfOrders),
        meta: {},
      };
    },
  );
}
