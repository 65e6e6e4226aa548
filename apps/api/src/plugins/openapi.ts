import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { messageErrorBody, SESSION_COOKIE, validationErrorBody } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The error answers every operation can give, from the contracts' error schemas. */
const ERROR_SCHEMAS = {
  MessageError: z.toJSONSchema(messageErrorBody, { target: 'openapi-3.0' }),
  ValidationError: z.toJSONSchema(validationErrorBody, { target: 'openapi-3.0' }),
} as Record<string, OpenAPIV3.SchemaObject>;

const answer = (description: string, schema: keyof typeof ERROR_SCHEMAS): OpenAPIV3.ResponseObject => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/**
 * What the one error handler and the security plugin answer for any operation, added where a
 * route does not describe the status itself: bad requests (malformed JSON, a bad encoding), the
 * origin check on writes, field validation when there is input, and the generic server error.
 */
function standardErrors(method: string, operation: OpenAPIV3.OperationObject) {
  const hasInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  return {
    '400': answer('The request cannot be read (malformed JSON, a bad encoding).', 'MessageError'),
    ...(method === 'get'
      ? {}
      : { '403': answer('The request came from an origin that is not allowed.', 'MessageError') }),
    ...(hasInput
      ? { '422': answer('A field is invalid; `errors` lists the messages by field.', 'ValidationError') }
      : {}),
    '500': answer('Something went wrong on the server.', 'MessageError'),
  };
}

/** "post /api/customers/abandoned-carts/{cartId}/items" → "postApiCustomersAbandonedCartsCartIdItems". */
function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * Completes the generated document in one place: a server, the cookie session, the standard
 * error answers (without overriding what a route says itself) and operation ids.
 */
export function completeDocument(document: OpenAPIV3.Document): OpenAPIV3.Document {
  const paths: OpenAPIV3.PathsObject = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const completed: OpenAPIV3.PathItemObject = { ...item };
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      completed[method] = {
        ...operation,
        operationId: operation.operationId ?? operationIdOf(method, path),
        responses: { ...standardErrors(method, operation), ...operation.responses },
      };
    }
    paths[path] = completed;
  }
  return {
    ...document,
    servers: document.servers?.length ? document.servers : [{ url: '/' }],
    // Anonymous visitors use most operations; a signed-in customer or admin carries the session cookie.
    security: [{}, { session: [] }],
    components: {
      ...document.components,
      securitySchemes: {
        ...document.components?.securitySchemes,
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
      schemas: { ...document.components?.schemas, ...ERROR_SCHEMAS },
    },
    paths,
  };
}

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
      transformObject: (document) =>
        'openapiObject' in document
          ? completeDocument(document.openapiObject as OpenAPIV3.Document)
          : document.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
