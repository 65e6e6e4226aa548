import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { createDocumentMemo } from './lib/document-memo.server';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

const documents = createDocumentMemo();

/** A new visitor's id (random per request, given to the page by the root loader): see documents. */
function visitorIdOf(routerContext: EntryContext): string | undefined {
  const root = routerContext.staticHandlerContext.loaderData.root as
    | { experiments?: { visitorId?: unknown } }
    | undefined;
  const visitorId = root?.experiments?.visitorId;
  return typeof visitorId === 'string' ? visitorId : undefined;
}

function htmlResponse(body: Buffer, status: number, headers: Headers): Response {
  headers.set('Content-Type', 'text/html');
  // A known length tells the page handler the document is whole (sent as one buffer, not a stream).
  headers.set('Content-Length', String(body.byteLength));
  // Buffer.concat's bytes live in a plain ArrayBuffer, never a shared one.
  return new Response(body as Uint8Array<ArrayBuffer>, { headers, status });
}

/**
 * The whole document, rendered into one buffer and sent at once (decision 030). No page defers
 * data to stream after the shell, so waiting for everything costs nothing; streaming cost a chain
 * of streams (React's 2 KB chunks through a Node stream, a web stream and back to a Node stream)
 * and a socket write per chunk. Bots and browsers get the same complete document.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  const nonce = loadContext.cspNonce;
  const handlerContext = routerContext.staticHandlerContext;
  const volatile = [nonce, visitorIdOf(routerContext)];
  const memoKey = routerContext.isSpaMode
    ? null
    : documents.keyOf({
        method: request.method.toUpperCase(),
        url: request.url,
        statusCode: responseStatusCode,
        leafRouteId: handlerContext.matches.at(-1)?.route.id,
        loaderData: handlerContext.loaderData,
        actionData: handlerContext.actionData,
        errors: handlerContext.errors,
        volatile,
      });
  const memoised = memoKey ? documents.get(memoKey, volatile) : null;
  if (memoised !== null) return htmlResponse(memoised, responseStatusCode, responseHeaders);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The status the shell was rendered with: an error in a boundary after it leaves it as it was.
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    let timedOut = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        const html = Buffer.concat(chunks);
        // A render that timed out or failed after the shell is not one to send again.
        if (memoKey && status === 200 && responseStatusCode === 200 && !timedOut) {
          documents.set(memoKey, html, volatile);
        }
        resolve(htmlResponse(html, status, responseHeaders));
        callback();
      },
    });

    const { pipe, abort: abortRender } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          status = responseStatusCode;
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
    function abort() {
      timedOut = true;
      abortRender();
    }
  });
}

/** Server-side errors go to the log, except the expected ones: missing pages and aborted requests. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  if (error instanceof Error && error.message.startsWith('No route matches URL')) return;
  console.error(error);
}
