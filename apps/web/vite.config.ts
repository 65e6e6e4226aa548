import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * React, React DOM and React Router in one chunk: every page needs all three, and split apart they
 * cost each page more requests and a worse compression ratio (the /menus budget, issue 11).
 */
function frameworkChunk(id: string): string | undefined {
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'framework';
  return undefined;
}

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const reactRouterProduction = (file: string) =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
    file,
  );

/** What the browser build swaps in (not the server's). */
const browserAliases = [
  // zod runs without its eval-compiled parsers (the CSP forbids eval): see the module.
  { find: /^zod$/, replacement: fromHere('./app/lib/zod-browser.ts') },
  // React Router's package exports point every condition at its development build, whose only
  // difference from dist/production is ENABLE_DEV_WARNINGS (warnings and their messages kept in
  // the bundle): the browser gets the production build.
  {
    find: /^react-router$/,
    replacement: reactRouterProduction('index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: reactRouterProduction('dom-export.mjs'),
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: isSsrBuild ? {} : { alias: browserAliases },
  build: isSsrBuild
    ? {}
    : {
        rollupOptions: { output: { manualChunks: frameworkChunk } },
        // Maps only for Sentry, and "hidden" (no sourceMappingURL): scripts/upload-sourcemaps.mjs
        // uploads them at the end of the build and deletes them, so the store never serves them.
        sourcemap: process.env.SENTRY_AUTH_TOKEN ? 'hidden' : false,
      },
  define: {
    // Build-time flag (spec: "maintenance flag equals 'true'"): every page redirects to /maintenance.
    __MAINTENANCE_MODE__: JSON.stringify(process.env.MAINTENANCE_MODE === 'true'),
  },
  server: { port: 5173 },
}));
