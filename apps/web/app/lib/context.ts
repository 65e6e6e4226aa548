import type { ApiClient } from './api-client.server';

/** The store's public settings every page knows (from the server configuration). */
export type SiteSettings = {
  url: string;
  name: string;
  accountUrl: string;
  adminUrl: string;
  /** STORE_MODE=demo: test payments and a "Demo store" ribbon on every page. */
  demo: boolean;
};

declare module 'react-router' {
  interface AppLoadContext {
    api: ApiClient;
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
