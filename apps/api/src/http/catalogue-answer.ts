import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedAnswer, matchesEtag } from '../lib/catalogue-cache';

/**
 * Answers that name no cart are the same for every visitor: a CDN or the browser may keep them
 * half a minute and serve them stale for five more while it revalidates. A cart's answer is
 * priced for that cart: private, and revalidated every time (its ETag still saves the body).
 */
const SHARED_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** A cached catalogue answer: its JSON as is (validated when it was loaded), or 304 when unchanged. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer<unknown>,
  cartId: string | undefined,
) {
  reply.header('etag', answer.etag);
  reply.header('cache-control', cartId === undefined ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  reply.header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
