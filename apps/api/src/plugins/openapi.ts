import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests; browsable at /api/docs. */
export default fp(
  async function openapiPlugin(app: FastifyInstance, options: { siteName: string }) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${options.siteName} API`,
          version: '1.0.0',
          description: 'Catalogue, carts, promotions, checkout and accounts of the storefront.',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
