import {
  CART_LOCKED_CODE,
  type EndpointDeclaration,
  type EndpointInput,
  type EndpointResponse,
  endpointPath,
  GENERIC_SERVER_ERROR,
  NO_RESPONSE_MESSAGE,
  RATE_LIMITED_STATUS,
  REQUEST_SETUP_MESSAGE,
  rateLimitedMessage,
  retryAfterSeconds,
  VALIDATION_FALLBACK_MESSAGE,
} from '@sprout/contracts';

/**
 * What an API call resolves to, on the server (loaders, actions) and in the browser (Pay): `ok`,
 * `aborted` (a newer request replaced it) or `error` with one failure of the catalogue below (`ApiFailureKind`).
 */

export { NO_RESPONSE_MESSAGE, REQUEST_SETUP_MESSAGE };

export type FieldErrors = Record<string, string[]>;

export type ApiFailureKind =
  /** 422: a form error with per-field errors. */
  | 'validation'
  /** 400 with code 10002: the cart can no longer be changed here (the storefront goes to /menus). */
  | 'cart-locked'
  | 'forbidden'
  | 'not-found'
  /** 429: a limit refused the call; `retryAfterSeconds` says when it may be sent again. */
  | 'rate-limited'
  /** Any other 4xx. */
  | 'client'
  /** 5xx, or an answer that is not the JSON we expect. */
  | 'server'
  /** The request was sent but nothing came back (network down, server gone). */
  | 'no-response'
  /** The request could not even be built (bad URL, body that cannot be serialised…). */
  | 'setup';

export type ApiFailure = {
  kind: ApiFailureKind;
  /** HTTP status, or null when there was no response. */
  status: number | null;
  message: string;
  fieldErrors: FieldErrors;
  /** The server's error code (`{message, code}` bodies), if any. */
  code: number | null;
  /** A 429's Retry-After in seconds, when it sent one. */
  retryAfterSeconds?: number | null;
  /** A 422's typed reason, when the endpoint gives one (a cart item change's `box_full`, decision 052). */
  refusal?: unknown;
};

/** `setCookies`: the cookies the API set (a sign-in's session), for an action to pass on. */
export type ApiResult<T> =
  | { kind: 'ok'; data: T; status: number; setCookies?: string[] }
  | { kind: 'aborted' }
  | { kind: 'error'; error: ApiFailure; setCookies?: string[] };

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call of an endpoint sends: its params, query and body as declared, and an abort signal. */
export type CallInput<E extends EndpointDeclaration> = EndpointInput<E> & { signal?: AbortSignal };

/** The input argument: optional when the endpoint needs nothing (no path parameter, no body). */
export type CallArguments<E extends EndpointDeclaration> =
  // biome-ignore lint/complexity/noBannedTypes: "nothing required" is the empty object type
  {} extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export type ApiClient = {
  /**
   * Calls an endpoint declared in the contracts (`endpoints.carts.setItem`): the path, params, query
   * and body are typed from the declaration, and so is the answer (docs/decisions/051).
   */
  call<E extends EndpointDeclaration>(
    endpoint: E,
    ...input: CallArguments<E>
  ): Promise<ApiResult<EndpointResponse<E>>>;
  /**
   * A call by method and path, its answer typed by assertion: only for what the contracts do not
   * declare, the embedded test card provider's browser API (`/test-provider/v1`, not the store's API).
   */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResult<T>>;
};

/** The first message to show for a failure: the first field error, else the failure's message. */
export function firstErrorMessage(error: ApiFailure): string {
  for (const messages of Object.values(error.fieldErrors)) {
    if (messages[0]) return messages[0];
  }
  return error.message;
}

function failure(
  kind: ApiFailureKind,
  status: number | null,
  message: string,
  extra: Partial<ApiFailure> = {},
) {
  return {
    kind: 'error' as const,
    error: { kind, status, message, fieldErrors: {}, code: null, ...extra },
  };
}

function isAbortError(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

type ErrorBody = { message?: unknown; errors?: unknown; code?: unknown; refusal?: unknown };

function asFieldErrors(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const result: FieldErrors = {};
  for (const [key, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string' && message !== '',
    );
    if (list.length > 0) result[key] = list;
  }
  return result;
}

/** Maps a non-2xx answer to the error catalogue (`ApiFailureKind`). */
export function failureFromResponse(
  status: number,
  body: unknown,
  retryAfter: string | null = null,
): { kind: 'error'; error: ApiFailure } {
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
  const serverMessage = typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : null;
  const code = typeof parsed.code === 'number' ? parsed.code : null;

  if (status === 422) {
    return failure('validation', status, serverMessage ?? VALIDATION_FALLBACK_MESSAGE, {
      fieldErrors: asFieldErrors(parsed.errors),
      ...(parsed.refusal !== undefined ? { refusal: parsed.refusal } : {}),
    });
  }
  if (status >= 500) return failure('server', status, GENERIC_SERVER_ERROR, { code });
  if (status === RATE_LIMITED_STATUS) {
    const seconds = retryAfterSeconds(retryAfter);
    return failure('rate-limited', status, serverMessage ?? rateLimitedMessage(seconds), {
      code,
      retryAfterSeconds: seconds,
    });
  }
  if (status === 400 && code === CART_LOCKED_CODE)
    return failure('cart-locked', status, serverMessage ?? GENERIC_SERVER_ERROR, { code });
  const message = serverMessage ?? GENERIC_SERVER_ERROR;
  if (status === 403) return failure('forbidden', status, message, { code });
  if (status === 404) return failure('not-found', status, message, { code });
  if (status >= 400) return failure('client', status, message, { code });
  return failure('server', status, GENERIC_SERVER_ERROR, { code });
}

/** How a client reaches the API: in-process (Fastify inject, on the server) or over HTTP. */
export type ApiTransport = (
  path: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    /** The visitor's address, for the API's per-client limits (in-process calls have no socket of their own). */
    clientAddress?: string;
    /** The page request the call is made for: an in-process API reads its session once per page. */
    page?: object;
  },
) => Promise<Response>;

/** Over HTTP: same-origin paths with the browser's cookies, or another origin from the server. */
export function remoteTransport(baseUrl: string, doFetch: typeof fetch = globalThis.fetch): ApiTransport {
  return (path, init) =>
    doFetch(new Request(new URL(path, baseUrl), { ...init, credentials: 'same-origin' }));
}

/** A query's values as the API reads them: absent when empty, a list as comma-separated values. */
export function withQuery(path: string, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.size > 0 ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/**
 * In tests and development an answer is checked against the endpoint's declared schema, so a
 * drift between the API and the contracts fails loudly where it is made; production skips the cost
 * (the API's serializer already answers with the same schema).
 */
function checkAnswer(endpoint: EndpointDeclaration, status: number, data: unknown): void {
  if (typeof process === 'undefined' || process.env.NODE_ENV === 'production') return;
  const schema = endpoint.responses[status];
  if (!schema || status === 204) return;
  const checked = schema.safeParse(data);
  if (!checked.success)
    throw new Error(
      `${endpoint.method} ${endpoint.path} answered ${status} outside its contract: ${checked.error.message}`,
    );
}

/**
 * The one API client (loaders, actions and the browser's Pay): JSON in and out, and the error
 * catalogue (`ApiFailureKind`). A call never throws. `headers` go with every call (the server
 * forwards the visitor's cookies and request id).
 */
export function createApiClient(transport: ApiTransport, headers: Record<string, string> = {}): ApiClient {
  const client: ApiClient = {
    async call<E extends EndpointDeclaration>(endpoint: E, ...[input]: CallArguments<E>) {
      const { params, query, body, signal } = (input ?? {}) as CallInput<EndpointDeclaration> & {
        params?: Record<string, unknown>;
        query?: object;
      };
      let path: string;
      try {
        path = withQuery(endpointPath(endpoint.path, params), query);
      } catch {
        return failure('setup', null, REQUEST_SETUP_MESSAGE);
      }
      const result = await client.request<EndpointResponse<E>>(endpoint.method, path, {
        ...(body === undefined ? {} : { body }),
        ...(signal ? { signal } : {}),
      });
      if (result.kind === 'ok') checkAnswer(endpoint, result.status, result.data);
      return result;
    },
    async request<T>(method: HttpMethod, path: string, request: RequestOptions = {}): Promise<ApiResult<T>> {
      const { body, query, signal } = request;
      if (signal?.aborted) return { kind: 'aborted' };

      const sent: Record<string, string> = { accept: 'application/json', ...headers };
      let payload: string | undefined;
      try {
        if (body !== undefined) {
          payload = JSON.stringify(body);
          // An empty JSON body is refused by the API, so the type is only announced with a body.
          sent['content-type'] = 'application/json';
        }
      } catch {
        return failure('setup', null, REQUEST_SETUP_MESSAGE);
      }

      let response: Response;
      try {
        response = await transport(withQuery(path, query), { method, headers: sent, body: payload, signal });
      } catch (error) {
        if (isAbortError(error, signal)) return { kind: 'aborted' };
        return failure('no-response', null, NO_RESPONSE_MESSAGE);
      }

      let parsed: unknown = null;
      let parseFailed = false;
      try {
        const text = response.status === 204 ? '' : await response.text();
        if (text !== '') parsed = JSON.parse(text);
      } catch (error) {
        if (isAbortError(error, signal)) return { kind: 'aborted' };
        parseFailed = true;
      }
      // A response that lands after its request was replaced is dropped here, not by every caller.
      if (signal?.aborted) return { kind: 'aborted' };

      // The cookies the API set (a sign-in's session) are the caller's to pass on to the browser.
      const setCookies = response.headers.getSetCookie();
      if (!response.ok)
        return {
          ...failureFromResponse(response.status, parsed, response.headers.get('retry-after')),
          setCookies,
        };
      if (parseFailed) return { ...failure('server', response.status, GENERIC_SERVER_ERROR), setCookies };
      return { kind: 'ok', data: parsed as T, status: response.status, setCookies };
    },
  };
  return client;
}
