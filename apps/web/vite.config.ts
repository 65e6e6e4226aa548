import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;

/**
 * React, React DOM and React Router in one chunk: every page needs all three, and split apart they
 * cost each page more requests and a worse compression ratio (the /menus budget, decision 032). The
 * CommonJS interop helper is theirs (React ships CommonJS).
 */
const isFramework = (id: string) =>
  /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) || id === '\0commonjsHelpers.js';

const isRouteModule = (id: string) => /\/app\/(root\.tsx|routes\/|layouts\/)/.test(id);
const appDirectory = fileURLToPath(new URL('./app/', import.meta.url));
const contractsDirectory = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

/**
 * Modules that load together, each group in one chunk (decision 031). Rollup splits shared code by
 * the exact set of routes that import it, and knows nothing of which routes always render
 * together: left to it, what the root route imports was 16 chunks, and a page's first load 30
 * scripts, each a request and on a slow phone's HTTP/1.1 connections a round trip before the page
 * hydrates. The root route is on every page, so what it imports every page loads anyway: one
 * "shell" chunk costs no page a byte. The storefront's layouts share a header and footer
 * ("storefront"); a page with another layout (account, admin) does not load that chunk.
 */
const GROUPS = [
  { name: 'shell', from: /\/app\/root\.tsx(\?|$)/ },
  {
    name: 'storefront',
    from: /\/app\/layouts\/(default|menu-page|regflow|blog|no-footer|checkout-success)\.tsx(\?|$)/,
  },
];

/**
 * A module joins a group when one of the group's route modules imports it (directly or through
 * other modules of the app) and no earlier group has it. Only the app's own modules and the
 * contracts' leaf modules (constants without imports): a package like the contracts' barrel or zod
 * is imported for a part that tree shaking keeps while other routes keep more of it, and grouped it
 * would land whole on every page. With `onlyExplicitManualChunks` a group takes only the modules
 * named here, not their other dependencies.
 */
function groupModules({ getModuleIds, getModuleInfo }: ManualChunkMeta): Map<string, string> {
  const groupOf = new Map<string, string>();
  const ids = [...getModuleIds()];
  const isLeafContract = (id: string) =>
    id.startsWith(contractsDirectory) && (getModuleInfo(id)?.importedIds.length ?? 1) === 0;
  for (const { name, from } of GROUPS) {
    const routeModules = ids.filter((id) => from.test(id));
    const queue = routeModules.flatMap((id) => getModuleInfo(id)?.importedIds ?? []);
    const seen = new Set<string>();
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = getModuleInfo(id);
      // Route modules (entries, or the modules behind them) stay apart: the group is what they share.
      if (!info || info.isEntry || isFramework(id) || isRouteModule(id)) continue;
      // A stylesheet grouped is a stylesheet every page of the group blocks on: only the shell's,
      // which every page loads anyway.
      if (id.endsWith('.css') && name !== 'shell') continue;
      if (id.startsWith(contractsDirectory)) {
        // Through the barrel and the schemas to the leaves, which alone join (not on into zod).
        if (isLeafContract(id) && !groupOf.has(id)) groupOf.set(id, name);
        queue.push(...info.importedIds.filter((imported) => imported.startsWith(contractsDirectory)));
        continue;
      }
      if (!id.startsWith(appDirectory)) continue;
      if (!groupOf.has(id)) groupOf.set(id, name);
      queue.push(...info.importedIds);
    }
  }
  return groupOf;
}

/** Worked out once a build: Rollup hands every call of a build the same module graph accessors. */
const groupsByBuild = new WeakMap<ManualChunkMeta['getModuleInfo'], Map<string, string>>();

function chunkOf(id: string, meta: ManualChunkMeta): string | undefined {
  if (isFramework(id)) return 'framework';
  let groups = groupsByBuild.get(meta.getModuleInfo);
  if (!groups) {
    groups = groupModules(meta);
    groupsByBuild.set(meta.getModuleInfo, groups);
  }
  return groups.get(id);
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
        rollupOptions: { output: { manualChunks: chunkOf, onlyExplicitManualChunks: true } },
        // Maps only for Sentry, and "hidden" (no sourceMappingURL): scripts/upload-sourcemaps.mjs
        // uploads them at the end of the build and deletes them, so the store never serves them.
        sourcemap: process.env.SENTRY_AUTH_TOKEN ? 'hidden' : false,
      },
  define: {
    // Build-time flag: while MAINTENANCE is 'true', every page redirects to /maintenance.
    __MAINTENANCE_MODE__: JSON.stringify(process.env.MAINTENANCE_MODE === 'true'),
  },
  server: { port: 5173 },
}));
