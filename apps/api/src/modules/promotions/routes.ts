import { appSettingsResponse } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as promotions from './service';

const tags = ['promotions'];

/** The promotions module's own routes; codes on carts and the referral page compose other modules (workflows/promo-routes.ts). */
export default async function promotionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/sales/app-settings',
    {
      schema: {
        tags,
        summary: 'App setting groups (referral_system_discounts, …)',
        response: { 200: appSettingsResponse },
      },
    },
    async () => ({ data: await promotions.listAppSettings(db()), meta: {} }),
  );
}
