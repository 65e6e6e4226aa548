import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request path as routing sees it; a path that does not decode is judged as written. */
export function decodedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * - Cross-site request forgery defence for cookie sessions: a state-changing API call must come
 *   from an allowed origin and carry JSON (a cross-site form can send neither).
 * - CORS only for the extra storefront origins of a split deployment; same-origin needs none.
 * - Conservative response headers on everything, pages included.
 */
export default fp<{ siteUrl: string; allowedOrigins: string[] }>(
  async function security(app: FastifyInstance, options) {
    const extraOrigins = options.allowedOrigins.map((origin) => new URL(origin).origin);
    const allowed = new Set([new URL(options.siteUrl).origin, ...extraOrigins]);

    if (extraOrigins.length > 0) {
      await app.register(cors, {
        origin: extraOrigins,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        maxAge: 600,
      });
    }

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      // Judge the path the router will match: /%61pi/… is /api/… once decoded.
      const path = decodedPath(request.url);
      if (!path.startsWith('/api/') && !path.startsWith('/auth')) return;
      const origin = request.headers.origin;
      if (origin !== undefined && !allowed.has(origin)) {
        throw new AppError('forbidden', 'This request came from an origin that is not allowed.');
      }
      const hasBody =
        Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
      const type = request.headers['content-type'] ?? '';
      if (hasBody && !type.startsWith('application/json')) {
        throw new AppError('bad_request', 'Send the request body as application/json.');
      }
    });

    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
    });
  },
  { name: 'security' },
);
