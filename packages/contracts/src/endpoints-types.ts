import type { z } from 'zod';

/**
 * One endpoint of the API, declared once (docs/decisions/051): the route registers from it
 * (`apps/api/src/http/endpoint.ts`) and the storefront's client calls it, both typed from the same
 * zod schemas.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointDeclaration = {
  /** What the endpoint does, in a line: the OpenAPI summary, written here only. */
  summary?: string;
  method: HttpMethod;
  /** Fastify's form: `:name` for a path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answers by status, as the route documents them (OpenAPI at /api/docs). */
  responses: Partial<Record<number, z.ZodType>>;
  /** Older paths the API serves the same endpoint under; callers use `path`. */
  aliases?: readonly string[];
};

/** Keeps the declaration's literal method and path in its type. */
export function declare<const E extends EndpointDeclaration>(endpoint: E): E {
  return endpoint;
}

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters: the declared schema's input, else each `:name` of the path as a string. */
export type EndpointParams<E extends EndpointDeclaration> = E extends { params: z.ZodType }
  ? z.input<E['params']>
  : { [K in PathParamNames<E['path']>]: string | number };

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful answer holds: the declared 2xx schemas' output (unknown when none is declared). */
export type EndpointResponse<E extends EndpointDeclaration> = [
  Extract<keyof E['responses'], SuccessStatus>,
] extends [never]
  ? unknown
  : {
      [S in Extract<keyof E['responses'], SuccessStatus>]: E['responses'][S] extends z.ZodType
        ? z.output<E['responses'][S]>
        : never;
    }[Extract<keyof E['responses'], SuccessStatus>];

/** What a call sends: path parameters, query and body, each only where the endpoint has one. */
export type EndpointInput<E extends EndpointDeclaration> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  (E extends { query: z.ZodType } ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E extends { body: z.ZodType } ? { body: z.input<E['body']> } : { body?: unknown });

/** The path with its parameters filled in (each encoded). */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path} needs its "${name}" parameter`);
    return encodeURIComponent(String(value));
  });
}
