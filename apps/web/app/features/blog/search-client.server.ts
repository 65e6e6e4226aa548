import {
  BLOG_SEARCH_TIMEOUT_MS,
  type BlogSearchResponse,
  SEARCH_CONNECTION_TIMEOUT,
  SEARCH_NETWORK_FAILURE,
  SEARCH_SOCKET_TIMEOUT,
} from '@sprout/contracts';

/**
 * The storefront's search client (decision 025). It never throws: a call that takes too long
 * answers status 0 with 'Connection timeout' (no answer yet) or 'Socket timeout' (the answer
 * started but its body did not finish), any other network failure status 0 with 'Network request
 * failed', and an HTTP error its status with the server's message.
 */
export type SearchAnswer = { status: 200; content: BlogSearchResponse } | { status: number; content: string };

/** The search endpoint's raw answer for a query (the client keeps its own time limit). */
export type RawGet = (query: { q: string; limit: number }, signal: AbortSignal) => Promise<Response>;

class Timeout extends Error {}

function within<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const remaining = Math.max(0, deadline - Date.now());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), remaining);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

export function isSearchSuccess(
  answer: SearchAnswer,
): answer is { status: 200; content: BlogSearchResponse } {
  return answer.status === 200 && typeof answer.content === 'object';
}

export async function searchBlog(
  get: RawGet,
  query: string,
  options: { limit: number; timeoutMs?: number },
): Promise<SearchAnswer> {
  const deadline = Date.now() + (options.timeoutMs ?? BLOG_SEARCH_TIMEOUT_MS);
  const controller = new AbortController();
  let response: Response;
  try {
    response = await within(get({ q: query, limit: options.limit }, controller.signal), deadline);
  } catch (error) {
    controller.abort();
    return {
      status: 0,
      content: error instanceof Timeout ? SEARCH_CONNECTION_TIMEOUT : SEARCH_NETWORK_FAILURE,
    };
  }
  let text: string;
  try {
    text = await within(response.text(), deadline);
  } catch (error) {
    controller.abort();
    return { status: 0, content: error instanceof Timeout ? SEARCH_SOCKET_TIMEOUT : SEARCH_NETWORK_FAILURE };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: response.status || 0, content: SEARCH_NETWORK_FAILURE };
  }
  if (!response.ok) {
    const message = (body as { message?: unknown }).message;
    return {
      status: response.status,
      content: typeof message === 'string' ? message : SEARCH_NETWORK_FAILURE,
    };
  }
  return { status: 200, content: body as BlogSearchResponse };
}
