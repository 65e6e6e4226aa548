import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  buildApp,
  ConfigError,
  closeOnSignal,
  isDatabaseUnavailable,
  loadConfig,
  prepareDatabase,
} from '@sprout/api';
import type { FastifyReply } from 'fastify';
import type { ServerBuild } from 'react-router';
import { mediaVersionOf } from './app/features/media/media-version.server';
import { createServerApiClient, inProcessTransport, remoteTransport } from './app/lib/api-client.server';
import { inProcessCatalogue, remoteCatalogue } from './app/lib/catalogue.server';
import { createPageHandler, registerPageRoutes } from './app/lib/page-handler.server';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * The storefront server: one Fastify process answers pages, /api/* and /auth/* on one origin.
 * Page loaders reach the API in-process (no network hop) unless API_URL points elsewhere.
 */
async function main() {
  const config = loadConfig();
  const production = config.NODE_ENV === 'production';
  const database = await prepareDatabase(config, console);
  const app = await buildApp({ config, database, closeDatabase: true });

  const transport = config.API_URL ? remoteTransport(config.API_URL) : inProcessTransport(app);
  // The catalogue (the same for every visitor) comes from the API's cache without HTTP emulation.
  const localCatalogue = config.API_URL ? null : inProcessCatalogue(app.catalogue, isDatabaseUnavailable);
  // So do an anonymous visitor's experiments, read on every page by the root loader.
  const localExperiments = config.API_URL ? null : app.experiments;
  const getLoadContext = (request: Request, reply: FastifyReply) => {
    const api = createServerApiClient(transport, request, reply.request.ip);
    return {
      api,
      catalogue: localCatalogue ?? remoteCatalogue(api),
      experiments: localExperiments,
      ...pageSettings(reply),
    };
  };
  const pageSettings = (reply: FastifyReply) => ({
    cspNonce: reply.scriptNonce,
    site: {
      url: config.SITE_URL,
      name: config.SITE_NAME,
      accountUrl: config.ACCOUNT_SITE_URL,
      adminUrl: config.ADMIN_SITE_URL,
      socialProviders: config.SOCIAL_PROVIDERS.map((provider) => provider.name),
      demo: config.STORE_MODE === 'demo',
      marketing: {
        gtmId: config.GTM_ID ?? null,
        dataLayerName: config.DATA_LAYER_NAME,
        viewEvent: config.DATA_LAYER_VIEW_EVENT,
        sentryDsn: config.SENTRY_DSN ?? null,
        errorReportsMaxEvents: config.ERROR_REPORTS_MAX_EVENTS,
        // The built tracker's address from the build's route manifest (Vite serves the source in dev).
        trackerUrl:
          typeof build === 'function'
            ? '/app/routes/marketing.tracker.ts'
            : (build.assets.routes['marketing-tracker']?.module ?? null),
      },
    },
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (production) {
    const buildDirectory = path.resolve(webRoot, process.env.WEB_BUILD_DIR ?? 'build');
    build = (await import(path.join(buildDirectory, 'server/index.js'))) as ServerBuild;
    const mediaVersion = mediaVersionOf(path.join(buildDirectory, 'client/media/.render-manifest.json'));
    await app.register(fastifyStatic, {
      root: path.join(buildDirectory, 'client'),
      wildcard: false,
      index: false,
      // The build wrote .br and .gz twins of text assets (scripts/precompress.mjs): served as files.
      preCompressed: true,
      // Otherwise @fastify/static writes its own max-age=0 over the header set below.
      cacheControl: false,
      setHeaders(response, filePath) {
        // Hashed build assets never change. A rendered picture may be re-rendered under the same
        // name, so only its address carrying this build's media version (?v=, which pages use) is
        // immutable; the bare address gets a day.
        const url = (response as unknown as { req?: { url?: string } }).req?.url ?? '';
        const immutable =
          filePath.includes(`${path.sep}assets${path.sep}`) ||
          (mediaVersion !== null && url.startsWith('/media/') && url.endsWith(`?v=${mediaVersion}`));
        // A precompressed twin may answer instead of the file: caches must key on the encoding.
        response.setHeader('vary', 'accept-encoding');
        response.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
        );
      },
    });
  } else {
    const [{ createServer }, { default: middie }] = await Promise.all([
      import('vite'),
      import('@fastify/middie'),
    ]);
    // Vite (React Router's plugin starts a server of its own) exits the process on SIGTERM, which
    // would reset every request in flight: this server shuts down gracefully itself (below).
    const sigtermListeners = new Set(process.listeners('SIGTERM'));
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' });
    for (const listener of process.listeners('SIGTERM')) {
      if (!sigtermListeners.has(listener)) process.off('SIGTERM', listener);
    }
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  }

  const sendPage = createPageHandler({
    build,
    mode: production ? 'production' : 'development',
    getLoadContext,
  });
  await registerPageRoutes(app, sendPage);

  closeOnSignal(app, config);
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
