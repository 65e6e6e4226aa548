import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import * as promotions from './service';

const tags = ['promotions'];

/** The promotions module's own routes; codes on carts and the referral page compose other modules (workflows/promo-routes.ts). */
export default async function promotionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(app, endpoints.catalog.appSettings, { tags }, async () => ({
    data: await promotions.listAppSettings(db()),
    meta: {},
  }));
}
