import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { createDocumentMemo } from './lib/document-memo.server';
import { NonceContext } from './lib/nonce';
import { attachWholeDocument } from './lib/whole-document';

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

/**
 * The turbo-stream payload of the loader data, read whole, and the stream handed back unread for a
 * render (a copy of what was read, ending as the original did). Memoised pages defer no data, so
 * the payload is one line, complete once the loaders are; a page that deferred some would only be
 * read when its promises settle, as its whole document waits for them anyway. More than one
 * chunk (deferred data) or an error is no key: such a document is rendered, never memoised.
 */
async function takePayload(
  routerContext: EntryContext,
): Promise<{ payload: Buffer | null; handBack(): void }> {
  const stream = routerContext.serverHandoffStream as ReadableStream<Uint8Array> | undefined;
  if (!stream) return { payload: null, handBack() {} };
  const chunks: Uint8Array[] = [];
  let failure: { error: unknown } | null = null;
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  } catch (error) {
    failure = { error };
  }
  const only = failure || chunks.length !== 1 ? null : chunks[0]!;
  return {
    payload: only && Buffer.from(only.buffer, only.byteOffset, only.byteLength),
    // Only a render reads it again: a memo hit makes no stream at all (web streams cost).
    handBack() {
      routerContext.serverHandoffStream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          if (failure) controller.error(failure.error);
          else controller.close();
        },
      });
    },
  };
}

function htmlResponse(body: Buffer, status: number, headers: Headers): Response {
  headers.set('Content-Type', 'text/html');
  // A known length tells the page handler the document is whole (sent as one buffer, not a stream).
  headers.set('Content-Length', String(body.byteLength));
  // Buffer.concat's bytes live in a plain ArrayBuffer, never a shared one.
  return attachWholeDocument(new Response(body as Uint8Array<ArrayBuffer>, { headers, status }), body);
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
  const candidate = {
    method: request.method.toUpperCase(),
    statusCode: responseStatusCode,
    leafRouteId: handlerContext.matches.at(-1)?.route.id,
    actionData: handlerContext.actionData,
    errors: handlerContext.errors,
  };
  if (routerContext.isSpaMode || !documents.isCandidate(candidate)) {
    return renderDocument(request, responseStatusCode, responseHeaders, routerContext, nonce, null, volatile);
  }
  // Keyed by the payload React Router already encoded for the browser (decision 030).
  return takePayload(routerContext).then(({ payload, handBack }) => {
    const memoKey = documents.keyOfEncoded({ ...candidate, url: request.url, payload, volatile });
    const memoised = memoKey ? documents.get(memoKey, volatile) : null;
    if (memoised !== null) return htmlResponse(memoised, responseStatusCode, responseHeaders);
    handBack();
    return renderDocument(
      request,
      responseStatusCode,
      responseHeaders,
      routerContext,
      nonce,
      memoKey,
      volatile,
    );
  });
}

/** React's render of the document into one buffer, kept in the memo under `memoKey` when given. */
function renderDocument(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  nonce: string,
  memoKey: string | null,
  volatile: (string | undefined)[],
) {
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
