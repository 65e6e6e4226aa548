import type { EndpointDeclaration } from '@sprout/contracts';
import type {
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A route's schema from its declaration: `querystring` is Fastify's name for the query. */
type SchemaOf<E extends EndpointDeclaration> = {
  params: E extends { params: infer P } ? P : undefined;
  querystring: E extends { query: infer Q } ? Q : undefined;
  body: E extends { body: infer B } ? B : undefined;
  response: E['responses'];
};

/**
 * What the route adds beside the declaration: its documentation's grouping and Fastify's own
 * options. What the endpoint does (its summary) is the declaration's, written once.
 */
export type EndpointRouteOptions = {
  tags?: string[];
  hide?: boolean;
  /** Any other route option (`config`, `bodyLimit`, hooks). */
  route?: Record<string, unknown>;
};

export type EndpointHandler<E extends EndpointDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<E> & FastifySchema,
  ZodTypeProvider
>;

/**
 * Registers a route from its declaration in the contracts (docs/decisions/051): its method, path,
 * params, query, body and answers come from the one place the storefront's client reads them, so
 * the two cannot drift. The handler's request and reply are typed from the same schemas. The
 * declaration's aliases (older paths of the same endpoint) are registered too, hidden from the
 * documentation.
 */
export function route<E extends EndpointDeclaration>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    const schema: FastifySchema & Record<string, unknown> = {
      ...(endpoint.summary === undefined ? {} : { summary: endpoint.summary }),
      ...(options.tags === undefined ? {} : { tags: options.tags }),
      ...(options.hide || url !== endpoint.path ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(Object.keys(endpoint.responses).length > 0 ? { response: endpoint.responses } : {}),
    };
    typed.route({
      ...options.route,
      method: endpoint.method,
      url,
      schema,
      handler: handler as RouteHandlerMethod,
    });
  }
}
