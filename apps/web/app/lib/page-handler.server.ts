import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  FOREIGN_ORIGIN_FORM_MESSAGE,
  FOREIGN_ORIGIN_FORM_TITLE,
  RATE_LIMITED_STATUS,
  RATE_LIMITED_TITLE,
  rateLimitedMessage,
  retryAfterSeconds,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@sprout/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { wholeDocumentOf } from './whole-document';

type RequestHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

type PageHandlerOptions = {
  getLoadContext(request: Request, reply: FastifyReply): AppLoadContext;
} & (
  | { build: ServerBuild | (() => Promise<ServerBuild>); mode: 'production' | 'development' }
  /** React Router's request handler made elsewhere (tests stand in for it). */
  | { handle: RequestHandler }
);

/**
 * The page's Fetch API request, built from what Fastify parsed: the scheme and host it trusts
 * (forwarded ones only behind TRUST_PROXY_HOPS), and the page's request id, so the page's own API
 * calls log under it. The body is left unread for React Router (form posts).
 */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('x-request-id', request.id);
  // The visitor went away: loaders waiting on the API stop with it.
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const withBody = request.method !== 'GET' && request.method !== 'HEAD';
  // Concatenated, not resolved: a path such as //other.example must stay a path.
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(withBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * React Router's answer sent through Fastify's reply (not the raw socket), so every onSend hook
 * applies to pages as to the API: security headers and CSP, compression, the request id. A body
 * of known length (a rendered document) is sent as one buffer; any other stays a stream.
 */
export function createPageHandler(options: PageHandlerOptions) {
  const handle: RequestHandler =
    'handle' in options ? options.handle : createRequestHandler(options.build, options.mode);
  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    let fetchRequest: Request;
    try {
      fetchRequest = toFetchRequest(request, reply);
    } catch {
      return reply.status(400).type('text/plain').send('Bad request: the address cannot be read.');
    }
    const response = await handle(fetchRequest, options.getLoadContext(fetchRequest, reply));
    if (fetchRequest.signal.aborted) {
      // The visitor went away while the page worked (a newer fetcher change cancels an older one,
      // a closed tab): nobody is left to answer, and its cut-short stream is no server error.
      await response.body?.cancel().catch(() => undefined);
      request.log.info('client closed the request');
      return reply.status(499).send();
    }
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    // A page that could not reach the database (docs/decisions/034) says when to come back.
    if (response.status === 503 && !response.headers.has('retry-after')) {
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    // A document rendered whole (entry.server.tsx) goes out as one buffer: one write to the socket.
    // Its bytes come beside the Response, not read back through its web stream (whole-document.ts).
    const document = wholeDocumentOf(response);
    if (document) return reply.send(document);
    if (response.headers.has('content-length')) return reply.send(Buffer.from(await response.arrayBuffer()));
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  };
}

const READ_METHODS = new Set(['GET', 'HEAD']);
const API_PATH = /^\/(api|auth)(\/|$)/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** A refusal as a person reads it: a small page of its own (nothing of the store's may run). */
const plainPage = (title: string, message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#23302a;line-height:1.5}a{color:#2f6b4f}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a href="/">Go to the store</a></p></main></body></html>`;

const FOREIGN_ORIGIN_PAGE = plainPage(FOREIGN_ORIGIN_FORM_TITLE, FOREIGN_ORIGIN_FORM_MESSAGE);

/**
 * A write to a page refused by the per-address write limit (the rate-limit plugin answers before
 * any action runs, with its message and Retry-After): a form sent before the JavaScript loaded
 * gets a page saying so, not the API's JSON. A fetcher's or a hydrated form's post (`.data`) keeps
 * the JSON, which the browser shows as a toast (lib/page-writes.client.ts).
 */
function rateLimitedPage(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const path = request.url.split('?', 1)[0] ?? '/';
  if (reply.statusCode !== RATE_LIMITED_STATUS || path.endsWith('.data') || typeof payload !== 'string')
    return payload;
  let message: unknown = null;
  try {
    message = (JSON.parse(payload) as { message?: unknown }).message;
  } catch {
    // Not the plugin's JSON: the message from its Retry-After below.
  }
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
  return plainPage(
    RATE_LIMITED_TITLE,
    typeof message === 'string' && message !== ''
      ? message
      : rateLimitedMessage(retryAfterSeconds(String(reply.getHeader('retry-after') ?? ''))),
  );
}

/**
 * A write to a page (a form's POST, a fetcher's post to `<path>.data`) from another origin, or
 * with no Origin at all, is refused here, before React Router reads the body or runs any action:
 * one check for every action route, today's and tomorrow's (decision 014). React Router's own
 * check skips resource routes (/cart, /account/sign-out, ...) and lets a missing Origin through.
 */
function refuseForeignOrigin(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?', 1)[0] ?? '/';
  request.log.warn(
    { origin: request.headers.origin ?? null, method: request.method, path },
    'page write refused: it came from another origin',
  );
  reply.status(403).header('cache-control', 'no-store');
  // A fetcher's post: React Router shows a non-2xx answer without its own header as the route's
  // error (status and this text); a document post gets the page.
  if (path.endsWith('.data'))
    return reply.type('text/plain; charset=utf-8').send(FOREIGN_ORIGIN_FORM_MESSAGE);
  return reply.type('text/html; charset=utf-8').send(FOREIGN_ORIGIN_PAGE);
}

/**
 * Every path that is not the API's answers with a page. Hidden from the OpenAPI document: pages
 * are not API operations.
 */
export async function registerPageRoutes(
  app: FastifyInstance,
  sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  await app.register(async function pages(scope: FastifyInstance) {
    scope.addHook('onRequest', async (request, reply) => {
      // The API's paths answer 404 below (and carry the API's own check): no page runs for them.
      if (READ_METHODS.has(request.method) || API_PATH.test(request.url)) return;
      if (app.allowsOrigin(request, { whenMissing: 'refuse' })) return;
      return refuseForeignOrigin(request, reply);
    });
    scope.addHook('onSend', async (request, reply, payload) => rateLimitedPage(request, reply, payload));
    // React Router reads the raw request body itself (form posts), so nothing is parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      config: { storefrontPage: true },
      handler(request, reply) {
        if (API_PATH.test(request.url)) return reply.callNotFound();
        return sendPage(request, reply);
      },
    });
  });
}
