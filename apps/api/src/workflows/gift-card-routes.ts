import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint';
import { checkCodesForCart } from './gift-card-check';

const tags = ['gift-cards'];

/** The gift card routes that span modules (docs/decisions/049): what codes pay on a cart. */
export default async function giftCardFlowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(app, endpoints.checkout.checkGiftCards, { tags }, async (request) => ({
    data: await checkCodesForCart(
      db(),
      request.body.abandoned_cart_id,
      request.body.gift_card_codes,
      request.ip,
    ),
    meta: {},
  }));
}
