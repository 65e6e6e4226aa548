#!/usr/bin/env node
// The storefront's JavaScript budgets (decisions 031 and 032): for each page, the gzip size of every
// script a first visit loads: the client entry, the route modules the page matches (root, layout,
// page) with their imports, and the route manifest the page carries. Run after `npm run build`.
//
// The manifest: with lazy route discovery (React Router's default when rendering on the server,
// which this app does), a page inlines only the routes it matches and the browser never loads the
// full manifest file; the rest arrive from /__manifest when a link needs them. So a budget counts
// that partial manifest, not the file, which grows with every route a visitor never downloads.
//
// The target was 110 KB on /menus. React DOM (67 KB) and React Router (42 KB) weigh 109 KB by
// themselves (decision 032: the framework's floor), so the budgets guard today's sizes with a
// little room (measured 2026-11-23). Serving
// Preact's compatible runtime in the browser measured 79.8 KB on /menus, but Preact's hydration of
// React 19's server markup duplicates the hoisted stylesheet and scripts and re-runs inline scripts
// (CSP errors), so it was not adopted. zod (26 KB) and conform (12 KB) are off the gift card, blog
// and account pages (measured 2026-11-23): their browser code reads the contracts' zod-free constant
// modules, and the gift card form loads its schema check when used; the sign-in pages still carry both.
// Grouping what the root route and the storefront layouts import into one chunk each (decision 031)
// took 4 to 10 KB off every page (fewer chunks, better compression): the budgets follow, again with
// about 2 KB of room (measured 2026-11-23). The storefront's forms on conform (decision 018) took
// about 2 KB more off every page (the capture popup is a chunk of its own, the promo form checks on
// the server): again 2 to 3 KB of room (measured 2026-11-23, session 24). The account's paths and
// sentences its browser code reads live in a zod-free contracts module (account-constants.ts):
// from the schemas' module they carried zod and every schema onto /account (175.3 KB against 135);
// a leaf module joins the shell, 0.2 KB on every page, so /gift-cards gets 1 KB (2026-11-27).
// The client entry keeps a page whose write got no answer or a limit's refusal, and reloads the
// target of a navigation whose route code failed to load (decision 043): 1.0 KB on every
// page (measured 2026-11-27), so every page gets 1 KB. The rest of that work (the cart id kept in
// local storage, forms checked on blur and change, the cart's refusal toast) added 0.1 to 0.5 KB
// on every page, which left none with room: every page gets 1 KB more (measured 2026-11-27).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Each storefront page by its deepest route id, with its budget in KB of gzip.
 *
 * The typed client of the endpoint declarations (decision 051) once brought 26 KB of zod onto
 * every page: the cart banner parsed the referral settings with the contracts' schema in the
 * browser. The server parses them now (referral-offer.server.ts), and the budgets are back where
 * they were (measured 2026-11-27: / 134.6 KB).
 */
const PAGES = [
  { page: '/', route: 'index', budgetKb: 135 },
  { page: '/menus', route: 'menus', budgetKb: 136 },
  { page: '/onboarding/plans', route: 'onboarding-plans', budgetKb: 133 },
  { page: '/gift-cards', route: 'gift-cards', budgetKb: 142 },
  { page: '/blog/', route: 'blog', budgetKb: 135 },
  { page: '/blog/{post}', route: 'blog-post', budgetKb: 136 },
  { page: '/account', route: 'account', budgetKb: 137 },
];
const verbose = process.argv.includes('--verbose');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.join(
  root,
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'apps/web/build/client',
);
const assets = path.join(client, 'assets');

const manifestFile = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: build the web app first.`);
const source = readFileSync(path.join(assets, manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, ''));

const config = readFileSync(path.join(root, 'apps/web/react-router.config.ts'), 'utf8');
const lazyDiscovery = !/routeDiscovery[^}]*mode:\s*['"]initial['"]/.test(config);

const gzipKb = (content) => gzipSync(content).length / 1024;
const fileKb = new Map();
function sizeOf(file) {
  if (!fileKb.has(file)) fileKb.set(file, gzipKb(readFileSync(path.join(client, file))));
  return fileKb.get(file);
}

/** The routes a page matches: its own and every parent up to the root. */
function matchedRoutes(id) {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) {
    chain.unshift(route);
    if (!route.parentId) break;
  }
  if (chain.length === 0) throw new Error(`Route ${id} is not in the manifest.`);
  return chain;
}

let failures = 0;
for (const { page, route, budgetKb } of PAGES) {
  const routes = matchedRoutes(route);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  if (!lazyDiscovery) files.add(`/assets/${manifestFile}`);
  for (const matched of routes) {
    files.add(matched.module);
    for (const file of matched.imports ?? []) files.add(file);
  }
  const rows = [...files].map((file) => ({ file, kb: sizeOf(file) }));
  if (lazyDiscovery) {
    // What the page inlines: the entry and the routes it matches.
    const partial = JSON.stringify({ ...manifest, routes: Object.fromEntries(routes.map((r) => [r.id, r])) });
    rows.push({
      file: `(route manifest inlined: ${routes.map((r) => r.id).join(', ')})`,
      kb: gzipKb(partial),
    });
  }
  const totalKb = rows.reduce((sum, row) => sum + row.kb, 0);
  if (verbose) {
    rows.sort((a, b) => b.kb - a.kb);
    for (const row of rows) console.info(`${row.kb.toFixed(1).padStart(6)} KB  ${row.file}`);
  }
  const over = totalKb > budgetKb;
  if (over) failures += 1;
  console.info(
    `${totalKb.toFixed(1).padStart(6)} KB  initial JavaScript of ${page} (gzip), budget ${budgetKb} KB${over ? `: OVER by ${(totalKb - budgetKb).toFixed(1)} KB` : ''}`,
  );
}
if (failures > 0) {
  console.error(`${failures} page(s) over their JavaScript budget.`);
  process.exit(1);
}
