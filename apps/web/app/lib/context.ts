import type { ApiClient } from './api-client.server';

declare module 'react-router' {
  interface AppLoadContext {
    api: ApiClient;
    site: { url: string; name: string };
  }
}

declare global {
  /** Replaced at build time by vite.config.ts. */
  const __MAINTENANCE_MODE__: boolean;
}

export const MAINTENANCE_PATH = '/maintenance';
