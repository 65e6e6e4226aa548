import type { ExperimentAssignment } from '@sprout/contracts';
import type { ServerApiClient } from './api-client.server';
import type { CatalogueClient } from './catalogue.server';

/** The store's public settings every page knows (from the server configuration). */
export type SiteSettings = {
  url: string;
  name: string;
  accountUrl: string;
  adminUrl: string;
  /** Social sign-in providers the API has configured (`google`…): only these get a button. */
  socialProviders: string[];
  /** STORE_MODE=demo: test payments and a "Demo store" ribbon on every page. */
  demo: boolean;
  /** Tag manager, data layer and error reporting (decision 026); the defaults when absent. */
  marketing?: MarketingSettings;
};

export type MarketingSettings = {
  /** GTM_ID: the container script is added only with one. */
  gtmId: string | null;
  /** `dataLayer` and `content-view` unless configured. */
  dataLayerName: string;
  viewEvent: string;
  /** SENTRY_DSN: error reports go to Sentry; without it they are only logged. */
  sentryDsn: string | null;
  errorReportsMaxEvents: number;
  /** The tracker's built module (routes/marketing.tracker.ts), loaded as a module script. */
  trackerUrl?: string | null;
};

export const DEFAULT_MARKETING_SETTINGS: MarketingSettings = {
  gtmId: null,
  dataLayerName: 'dataLayer',
  viewEvent: 'content-view',
  sentryDsn: null,
  errorReportsMaxEvents: 10,
};

/** The experiments of a browser known by its visitor id alone (no session, no cart). */
export type VisitorExperimentsReader = {
  /** `newVisitor`: the id was minted for this request, so nothing is stored under it yet. */
  forVisitor(visitorId: string, options?: { newVisitor?: boolean }): Promise<ExperimentAssignment[]>;
};

declare module 'react-router' {
  interface AppLoadContext {
    api: ServerApiClient;
    /** The catalogue's reads, straight from the API's cache in one process (decision 028). */
    catalogue: CatalogueClient;
    /** A visitor's experiments read in process (decision 030); null when the API is elsewhere. */
    experiments: VisitorExperimentsReader | null;
    site: SiteSettings;
    /** This response's Content-Security-Policy nonce, for the inline scripts React Router renders. */
    cspNonce: string;
  }
}

declare global {
  /** Replaced at build time by vite.config.ts. */
  const __MAINTENANCE_MODE__: boolean;
}

export const MAINTENANCE_PATH = '/maintenance';
