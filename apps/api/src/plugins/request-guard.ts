import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions: a state-changing API call must come
 * from an allowed origin and carry JSON (a cross-site form can send neither).
 */
export default fp<{ allowedOrigins: string[] }>(
  async function requestGuard(app: FastifyInstance, options) {
    const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/auth')) return;
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
  },
  { name: 'request-guard' },
);
