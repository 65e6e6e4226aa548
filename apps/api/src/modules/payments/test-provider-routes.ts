import {
  messageErrorBody,
  TEST_PROVIDER_PREFIX,
  testAuthenticateBody,
  testPaymentIntent,
  testPaymentIntentParams,
  testPaymentMethod,
  testPaymentMethodBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { isAllowedOrigin } from '../../plugins/security';
import type { TestPaymentProvider } from './test-provider';

type Options = { provider: TestPaymentProvider; allowedOrigins: ReadonlySet<string> };

/**
 * The embedded test provider's browser API: what a processor's own JS library would call, so the
 * card number goes here and never to /api. It lives outside /api on purpose (it plays an external
 * service), which also puts it outside plugins/security.ts's guard, so this plugin applies the same
 * rule to its own routes: a state-changing request must carry JSON (a cross-site HTML form cannot)
 * and, when the browser names its origin, come from the store's own or configured origins. A cross-site
 * fetch() always names its origin (or "null"), so it is refused here; a JSON body from another
 * origin would also need a CORS preflight that only the store's own extra origins pass.
 */
export default async function testProviderRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { provider, allowedOrigins } = options;

  app.addHook('onRequest', async (request) => {
    if (!isAllowedOrigin(request, allowedOrigins)) {
      throw new AppError('forbidden', 'This request came from an origin that is not allowed.');
    }
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('application/json')) {
      throw new AppError('bad_request', 'Send the request body as application/json.');
    }
  });

  app.post(
    `${TEST_PROVIDER_PREFIX}/payment-methods`,
    {
      schema: {
        hide: true,
        body: testPaymentMethodBody,
        response: {
          201: testPaymentMethod,
          400: messageErrorBody,
          403: messageErrorBody,
          422: validationErrorBody,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await provider.createPaymentMethod(request.body)),
  );

  // The bank's 3-D Secure page answers a payment and a card setup alike.
  const authenticateSchema = {
    hide: true,
    params: testPaymentIntentParams,
    body: testAuthenticateBody,
    response: {
      200: testPaymentIntent,
      400: messageErrorBody,
      403: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
    },
  };

  app.post(
    `${TEST_PROVIDER_PREFIX}/payment-intents/:id/authenticate`,
    {
      schema: authenticateSchema,
    },
    async (request) => provider.authenticate(request.params.id, request.body),
  );

  // The same step for a card setup (a first box that costs $0 saves its card: decision 036).
  app.post(
    `${TEST_PROVIDER_PREFIX}/setup-intents/:id/authenticate`,
    {
      schema: authenticateSchema,
    },
    async (request) => provider.authenticateSetup(request.params.id, request.body),
  );
}
