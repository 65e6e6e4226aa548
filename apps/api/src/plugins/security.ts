import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyReply {
    /** This response's Content-Security-Policy nonce: the only inline scripts a page may run carry it. */
    scriptNonce: string;
  }
  interface FastifyInstance {
    /**
     * The store's one origin rule (decision 014), for the API's writes and the pages' alike: same
     * origin by any name, SITE_URL and ALLOWED_ORIGINS. `whenMissing` says what a request without
     * an Origin gets: the API allows it (scripts, the storefront's own server), pages refuse it
     * (a browser always names the origin of a POST).
     */
    allowsOrigin(request: FastifyRequest, options: { whenMissing: 'allow' | 'refuse' }): boolean;
  }
}

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
 * The origin the browser addressed: scheme and Host, or the forwarded ones when TRUST_PROXY_HOPS
 * trusts the proxy that set them (Fastify's request.protocol and request.host read both).
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * A browser names the page's origin on state-changing requests. Same-origin (whatever name the
 * store was opened by: localhost, 127.0.0.1, a LAN address) and the configured origins are allowed.
 */
export function isAllowedOrigin(
  request: FastifyRequest,
  configured: ReadonlySet<string>,
  whenMissing: 'allow' | 'refuse' = 'allow',
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return whenMissing === 'allow';
  return configured.has(origin) || origin === requestOrigin(request);
}

/** Where the browser may load from; widened only for what the configuration turns on. */
export type ContentSecurityOptions = {
  /** Stripe's Payment Element: its script, frames and API (https://docs.stripe.com/security/guide#content-security-policy). */
  stripe: boolean;
  /** A tag manager's origin (for example https://www.googletagmanager.com), when one is configured. */
  tagManagerOrigin?: string;
  /** `npm run dev`: Vite's client and HMR need inline and eval'd scripts and a websocket. */
  development: boolean;
  /** HSTS only for a store served over https. */
  https: boolean;
};

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

const nonces = new WeakMap<ServerResponse, string>();

function contentSecurityDirectives(options: ContentSecurityOptions) {
  const stripe = options.stripe ? STRIPE : { script: [], frame: [], connect: [], img: [] };
  const tagManager = options.tagManagerOrigin ? [options.tagManagerOrigin] : [];
  const scriptSrc = options.development
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
    : ["'self'", (_request: unknown, response: ServerResponse) => `'nonce-${nonces.get(response) ?? ''}'`];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [...scriptSrc, ...stripe.script, ...tagManager],
    // React renders style attributes (badges, rating bars) and Stripe styles its own elements.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...stripe.img, ...tagManager],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...stripe.connect, ...tagManager, ...(options.development ? ['ws:', 'wss:'] : [])],
    frameSrc: stripe.frame.length > 0 ? stripe.frame : ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    // Turning http subresources into https would break a plain-http rehearsal on 127.0.0.1.
    upgradeInsecureRequests: options.https ? [] : null,
  };
}

/**
 * - Cross-site request forgery defence for cookie sessions: a state-changing API call must come
 *   from an allowed origin and carry JSON (a cross-site form can send neither).
 * - CORS only for the extra storefront origins of a split deployment; same-origin needs none.
 * - Helmet's headers on every response, pages, assets, errors and 404s included: a
 *   Content-Security-Policy with a fresh nonce per response, no framing, nosniff, a referrer
 *   policy, and HSTS when the store is served over https.
 */
export default fp<{ siteUrl: string; allowedOrigins: string[]; contentSecurity: ContentSecurityOptions }>(
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

    app.decorate(
      'allowsOrigin',
      (request: FastifyRequest, { whenMissing }: { whenMissing: 'allow' | 'refuse' }) =>
        isAllowedOrigin(request, allowed, whenMissing),
    );
    app.decorateReply('scriptNonce', '');
    // Before helmet's own hook, which reads the nonce into the policy.
    app.addHook('onRequest', async (_request, reply) => {
      reply.scriptNonce = randomBytes(16).toString('base64');
      nonces.set(reply.raw, reply.scriptNonce);
    });
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityDirectives(options.contentSecurity),
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.contentSecurity.https
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    });

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      // Judge the path the router will match: /%61pi/… is /api/… once decoded.
      const path = decodedPath(request.url);
      if (!path.startsWith('/api/') && !path.startsWith('/auth')) return;
      if (!app.allowsOrigin(request, { whenMissing: 'allow' })) {
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
  { name: 'security' },
);
