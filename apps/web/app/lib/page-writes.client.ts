import {
  NO_RESPONSE_MESSAGE,
  RATE_LIMITED_STATUS,
  rateLimitedMessage,
  retryAfterSeconds,
} from '@sprout/contracts';
import { showFlash } from '../features/flash/flash';

/**
 * React Router sends every form's and fetcher's write as a POST to `<page>.data`. Two failures of
 * such a write reach it as the route's error, which the root error boundary shows in place of the
 * whole page (a "500 Internal Server Error" page; decision 043): the network lost the request ("No
 * response received from server"), or a limit refused it before any action ran (the store's
 * per-address write limit answers the page route itself with a 429 and its message). Both leave the
 * page as it is: the message shows as an error toast, and the write answers "no content", so a
 * fetcher is idle again and its optimistic change (read from its form data) rolls back. One
 * mechanism for every write of every route, today's and tomorrow's.
 */

/** React Router's writes: `fetch(url, { method })` to the page's own `<path>.data`. */
function isPageWrite(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const method = init?.method ?? 'GET';
  return method !== 'GET' && method !== 'HEAD' && input instanceof URL && input.pathname.endsWith('.data');
}

/** A limit's answer as a person reads it: its own message (what and when), else one from Retry-After. */
export async function rateLimitedAnswerMessage(response: Response): Promise<string> {
  const fallback = rateLimitedMessage(retryAfterSeconds(response.headers.get('retry-after')));
  try {
    const body = (await response.json()) as { message?: unknown } | null;
    return typeof body?.message === 'string' && body.message !== '' ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/**
 * What a page write's answer becomes: the answer itself, or, for a lost request or a limit's
 * refusal (a 429 React Router did not write: no X-Remix-Response), a toast and no content.
 */
export async function answerPageWrite(send: () => Promise<Response>, signal?: AbortSignal | null) {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // A newer change replaced this one (React Router aborted it): nothing failed.
    if (signal?.aborted) throw error;
    return nothingDone(NO_RESPONSE_MESSAGE);
  }
  if (response.status !== RATE_LIMITED_STATUS || response.headers.has('X-Remix-Response')) return response;
  return nothingDone(await rateLimitedAnswerMessage(response));
}

function nothingDone(message: string): Response {
  showFlash({ type: 'error', message });
  return new Response(null, { status: 204 });
}

/** Installed once by the client entry, before React Router sends anything. */
export function keepPagesOnFailedWrites(target: Window & typeof globalThis = window): void {
  const send = target.fetch.bind(target);
  target.fetch = (input, init) =>
    isPageWrite(input, init) ? answerPageWrite(() => send(input, init), init?.signal) : send(input, init);
}
