import {
  type EndpointDeclaration,
  type EndpointResponse,
  endpointPath,
  GENERIC_SERVER_ERROR,
  RATE_LIMITED_STATUS,
  RATE_LIMITED_TITLE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import { data } from 'react-router';
import {
  type ApiClient,
  type ApiResult,
  type ApiTransport,
  type CallArguments,
  type CallInput,
  createApiClient,
  type FieldErrors,
  withQuery,
} from './api';

export { remoteTransport } from './api';

export function inProcessTransport(app: FastifyInstance): ApiTransport {
  // The store's API shares a page's reads; any other Fastify app (a unit test's) has no page scope.
  const pageReads = app.hasDecorator('pageReads') ? app.pageReads : undefined;
  return async (path, init) => {
    // inject's answer is lazy (its request starts when it is awaited): `then` starts it here, inside
    // the page's scope when there is one.
    const call = () =>
      app
        .inject({
          method: init.method as 'GET',
          url: path,
          headers: init.headers,
          // Without it every visitor would share the server's own address in the per-client limits.
          ...(init.clientAddress === undefined ? {} : { remoteAddress: init.clientAddress }),
          ...(init.body === undefined ? {} : { payload: init.body }),
        })
        .then((answer) => answer);
    // A page's GETs share one read of its session (and of what else they read twice); any other
    // call may change those, so the page's reads after it read again (decision 022).
    const result = pageReads && init.page ? await pageReads.run(init.page, init.method, call) : await call();
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    return new Response(result.statusCode === 204 ? null : new Uint8Array(result.rawPayload), {
      status: result.statusCode,
      headers,
    });
  };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: Record<string, string[]>; code?: number },
  ) {
    super(body.message ?? `API answered ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * The server entry and the route bundle each load their own copy of this module, so class
 * identity cannot be trusted across them: recognise an ApiError by its shape.
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).status === 'number'
  );
}

export type ServerApiClient = ApiClient & {
  /**
   * A read a loader cannot do without: the answer's data, or a thrown page answer (an ApiError, whose
   * 404 becomes the page's 404; the 503 and 429 pages). Also for a state-changing call made on the
   * visitor's behalf that the page cannot do without (consuming a one-time grant).
   */
  read<E extends EndpointDeclaration>(endpoint: E, ...input: CallArguments<E>): Promise<EndpointResponse<E>>;
  /** A GET's raw answer, for a caller that keeps its own time limit (the blog's search client). */
  fetchRaw<E extends EndpointDeclaration>(
    endpoint: E,
    input: Omit<CallInput<E>, 'body'>,
    signal?: AbortSignal,
  ): Promise<Response>;
};

/**
 * What a loader throws when the store cannot reach its database right now (the API's 503,
 * docs/decisions/034): the page answers 503 with Retry-After, and the error screen says to try
 * again shortly, instead of a 500 for a fault that is nobody's and passes.
 */
export function unavailablePage(message: string = UNAVAILABLE_MESSAGE) {
  return data(
    { message },
    {
      status: 503,
      statusText: 'Service Unavailable',
      headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    },
  );
}

/**
 * What a loader or an action throws when a limit refused its call (429): the page answers 429 with
 * the limit's message and its Retry-After, shown by the error screen (a fetcher's as a toast),
 * never the 500 page of a bug.
 */
export function rateLimitedPage(message: string, retryAfterSeconds: number | null = null) {
  return data(
    { message },
    {
      status: RATE_LIMITED_STATUS,
      statusText: RATE_LIMITED_TITLE,
      ...(retryAfterSeconds === null ? {} : { headers: { 'Retry-After': String(retryAfterSeconds) } }),
    },
  );
}

/** The data of a call a loader cannot do without, or the page answer its failure becomes. */
export function required<T>(result: ApiResult<T>): T {
  if (result.kind === 'ok') return result.data;
  if (result.kind === 'aborted') throw new ApiError(499, {});
  const { status, message, fieldErrors, code } = result.error;
  if (status === 503) throw unavailablePage();
  if (result.error.kind === 'rate-limited')
    throw rateLimitedPage(message, result.error.retryAfterSeconds ?? null);
  throw new ApiError(status ?? 502, { message, errors: fieldErrors, ...(code === null ? {} : { code }) });
}

/** A call that did not succeed: refused, unanswered, or aborted (a newer request replaced it). */
export type FailedCall = Exclude<ApiResult<unknown>, { kind: 'ok' }>;

/**
 * A failed call's status, message, field errors and code as a form's action reads them, counted
 * in one place: a call that got no answer counts as 502, an aborted one as 499 with nothing to say.
 */
export function failureOf(result: FailedCall): {
  status: number;
  message: string | null;
  fieldErrors: FieldErrors;
  code: number | null;
} {
  if (result.kind === 'aborted') return { status: 499, message: null, fieldErrors: {}, code: null };
  const { status, message, fieldErrors, code } = result.error;
  return { status: status ?? 502, message, fieldErrors, code };
}

/**
 * A failed call as one line a person can act on: the first field error, else its message; a 5xx's
 * (and an unanswered or aborted call's) the generic words, never the server's own text.
 */
export function failureMessage(result: FailedCall): string {
  const { status, message, fieldErrors } = failureOf(result);
  if (status >= 500) return GENERIC_SERVER_ERROR;
  return Object.values(fieldErrors)[0]?.[0] ?? message ?? GENERIC_SERVER_ERROR;
}

/** The cookies the API set with a call's answer (a sign-in's session), for the action to pass on. */
export function cookiesOf(result: ApiResult<unknown>): string[] {
  return result.kind === 'aborted' ? [] : (result.setCookies ?? []);
}

/**
 * A client bound to one page request: it forwards the visitor's cookies, request id and address
 * (as the page's own Fastify request resolved it, proxies included).
 */
export function createServerApiClient(
  pageTransport: ApiTransport,
  request: Request,
  clientAddress?: string,
): ServerApiClient {
  // This page request's own: the in-process API shares what its calls read twice (lib/page-reads).
  const page = {};
  const transport: ApiTransport = (path, init) => pageTransport(path, { ...init, clientAddress, page });
  const forwarded: Record<string, string> = {};
  const cookie = request.headers.get('cookie');
  if (cookie) forwarded.cookie = cookie;
  const requestId = request.headers.get('x-request-id');
  if (requestId) forwarded['x-request-id'] = requestId;
  const client = createApiClient(transport, forwarded);
  return {
    ...client,
    async read(endpoint, ...input) {
      return required(await client.call(endpoint, ...input));
    },
    fetchRaw(endpoint, input, signal) {
      const { params, query } = input as { params?: Record<string, unknown>; query?: object };
      return transport(withQuery(endpointPath(endpoint.path, params), query), {
        method: endpoint.method,
        headers: { accept: 'application/json', ...forwarded },
        ...(signal ? { signal } : {}),
      });
    },
  };
}
