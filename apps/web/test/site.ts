import { isDatabaseUnavailable } from '@sprout/db';
import type { FastifyInstance } from 'fastify';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import { inProcessCatalogue } from '../app/lib/catalogue.server';
import type { SiteSettings } from '../app/lib/context';

/**
 * The storefront's settings as the server tests give them to loaders and actions: the store on
 * localhost:3000 (the origin the API's same-origin guard accepts in tests), no social sign-in, not
 * in demo mode. One copy, so the tests agree on where the store is.
 */
export const TEST_SITE: SiteSettings = {
  url: 'http://localhost:3000',
  name: 'Sprout & Spoon',
  accountUrl: '/account',
  adminUrl: '/admin',
  socialProviders: [],
  demo: false,
};

/**
 * The load context apps/web/server.ts makes for a document request, against the real API
 * in-process: the API client, the site, the catalogue's cache and the experiments reader.
 */
export function documentLoadContext(app: FastifyInstance, request: Request) {
  return {
    api: createServerApiClient(inProcessTransport(app), request),
    site: TEST_SITE,
    catalogue: inProcessCatalogue(app.catalogue, isDatabaseUnavailable),
    experiments: app.experiments,
    cspNonce: '',
  };
}
