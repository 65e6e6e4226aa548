import {
  giftCardCheckBody,
  giftCardCheckResponse,
  messageErrorBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkCodesForCart } from './gift-card-check';

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

/** The gift card routes that span modules (docs/decisions/049): what codes pay on a cart. */
export default async function giftCardFlowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.post(
    '/api/sales/gift-cards/check',
    {
      schema: {
        tags,
        summary: 'What gift card codes would pay on a cart, before paying (nothing is debited)',
        body: giftCardCheckBody,
        response: { 200: giftCardCheckResponse, ...errors },
      },
    },
    async (request) => ({
      data: await checkCodesForCart(
        db(),
        request.body.abandoned_cart_id,
        request.body.gift_card_codes,
        request.ip,
      ),
      meta: {},
    }),
  );
}
