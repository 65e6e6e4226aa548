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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The browser's zod runs without its eval-compiled parsers (the CSP forbids eval): see the module.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^zod$/, replacement: fileURLToPath(new URL('./app/lib/zod-browser.ts', import.meta.url)) },
        ],
      },
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
