/**
 * Compiles the production entries to JavaScript in dist/ (docs/decisions/029), so production runs
 * `node dist/web-server.js` with no TypeScript loader:
 *   dist/web-server.js  the store (pages + API, apps/web/server.ts): `npm run serve`
 *   dist/api-server.js  the API alone (apps/api/src/server.ts)
 *   dist/jobs.js        every background job once (scripts/jobs.ts): `npm run jobs`
 *   dist/admin.js       makes an admin and mails a password link (scripts/admin.ts): `npm run admin`
 * The workspace packages (@sprout/api, contracts, db) are TypeScript and bundled in; every other
 * package stays an import of node_modules, resolved at run time as before.
 *
 *   node scripts/build-server.mjs [--outdir=dist]
 */
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * esbuild comes with Vite (the storefront's build tool, a dependency of @sprout/web): resolved from
 * Vite so this build uses the very esbuild the storefront's does, with no second copy to install.
 */
async function loadEsbuild() {
  const fromWeb = createRequire(path.join(repositoryRoot, 'apps/web/package.json'));
  const fromVite = createRequire(fromWeb.resolve('vite/package.json'));
  return import(fromVite.resolve('esbuild'));
}

export const ENTRIES = {
  'web-server': 'apps/web/server.ts',
  'api-server': 'apps/api/src/server.ts',
  jobs: 'scripts/jobs.ts',
  admin: 'scripts/admin.ts',
};

/**
 * Bare imports other than the workspace's own packages are left to node_modules at run time. Most
 * resolve from dist/ as they did from their importer (the root node_modules); a package npm nested
 * under a workspace (apps/api/node_modules/…) is imported by its path relative to the bundle, so
 * the very copy the source imported is the one loaded.
 */
function nodeModulesExternal(outdir) {
  const rootModules = path.join(repositoryRoot, 'node_modules') + path.sep;
  return {
    name: 'node-modules-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('@sprout/') || args.pluginData === 'resolving') return undefined;
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        if (
          resolved.errors.length > 0 ||
          resolved.path.startsWith(rootModules) ||
          !path.isAbsolute(resolved.path)
        ) {
          return { path: args.path, external: true };
        }
        const fromBundle = path.relative(outdir, resolved.path).split(path.sep).join('/');
        return { path: fromBundle.startsWith('.') ? fromBundle : `./${fromBundle}`, external: true };
      });
    },
  };
}

/**
 * Source files that find their neighbours through import.meta.url (the migrations folder, the
 * repository root, the storefront's build) keep doing so once bundled: each one's import.meta.url
 * becomes its own source file's address, computed from the bundle's at run time, so dist/ works
 * wherever the checkout is (no absolute path is written into it).
 */
function sourceImportMetaUrl(outdir) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

export async function buildServer(outdir = path.join(repositoryRoot, 'dist')) {
  const esbuild = await loadEsbuild();
  const started = performance.now();
  // Chunks are named by their hash: a previous build's would stay behind, so the folder is
  // emptied first; it must be one of the build's own (inside the repository, so node_modules
  // resolves from it, and none of its sources).
  const inRepository = path.relative(repositoryRoot, outdir).split(path.sep);
  const ownFolder =
    (inRepository[0] === 'dist' && inRepository.length === 1) ||
    (inRepository[0] === 'test-results' && inRepository.length > 1);
  if (!ownFolder) {
    throw new Error(`--outdir must be dist/ or a folder under test-results/ (got ${outdir})`);
  }
  await rm(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: repositoryRoot,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [name, entry])),
    outdir,
    bundle: true,
    // The entries share the API: one copy of it in a chunk beside them (flat, so every
    // file's distance to the sources is the same, which the import.meta.url rewrite relies on).
    splitting: true,
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Stack traces name the TypeScript lines (`node --enable-source-maps`).
    sourcemap: true,
    logLevel: 'warning',
    plugins: [nodeModulesExternal(outdir), sourceImportMetaUrl(outdir)],
  });
  if (result.errors.length > 0) throw new Error('the server build failed');
  return { outdir, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdirFlag = process.argv.find((argument) => argument.startsWith('--outdir='));
  const outdir = outdirFlag ? path.resolve(outdirFlag.slice('--outdir='.length)) : undefined;
  const built = await buildServer(outdir);
  console.info(`server compiled to ${path.relative(process.cwd(), built.outdir) || '.'} in ${built.ms} ms`);
}
