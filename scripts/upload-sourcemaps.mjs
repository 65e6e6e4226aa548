#!/usr/bin/env node
// Uploads the browser build's source maps to Sentry (decision 026), so reports from the minified
// bundles show the original files and lines. Runs at the end of the web build and does nothing
// unless SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT are all set; then the build wrote
// "hidden" maps (no sourceMappingURL comment, apps/web/vite.config.ts), which are uploaded to a
// Sentry release and deleted, so the store never serves them.
//
// It speaks Sentry's HTTP API with fetch instead of running sentry-cli, which downloads a binary
// at install time (this project installs from the npm registry only).
//
// The release is the React Router build's manifest version: the browser's Sentry client reads the
// same value from window.__reactRouterManifest, so neither side writes a release name of its own.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The upload's settings from the environment, or null when source maps are not wanted. */
export function sentryUploadSettings(env) {
  const token = env.SENTRY_AUTH_TOKEN?.trim();
  const org = env.SENTRY_ORG?.trim();
  const project = env.SENTRY_PROJECT?.trim();
  if (!token && !org && !project) return null;
  if (!token || !org || !project) {
    throw new Error(
      'Source map upload needs SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT together: set all three, or none.',
    );
  }
  const url = (env.SENTRY_URL?.trim() || 'https://sentry.io').replace(/\/+$/, '');
  return { token, org, project, url };
}

/** The build's version, read from the route manifest React Router wrote into the client assets. */
export function buildVersion(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build the web app first.`);
  const source = readFileSync(path.join(assets, file), 'utf8');
  const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, ''));
  if (typeof manifest.version !== 'string' || manifest.version === '')
    throw new Error(`The manifest ${file} has no version.`);
  return manifest.version;
}

async function call(settings, fetchImpl, method, apiPath, body) {
  const response = await fetchImpl(`${settings.url}/api/0/${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${settings.token}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  // 409: the release or the file exists already (a build re-run): what we wanted is there.
  if (!response.ok && response.status !== 409) {
    const detail = (await response.text()).slice(0, 300);
    throw new Error(`Sentry answered ${response.status} to ${method} /api/0/${apiPath}: ${detail}`);
  }
}

/**
 * Creates the release, uploads each script with its map under `~/assets/<name>` (Sentry's "any
 * origin" prefix, so one upload serves every host name the store answers on), then deletes the
 * maps from the build. Nothing is deleted when an upload fails: the build fails instead.
 */
export async function uploadSourceMaps({ clientDir, settings, fetchImpl = fetch }) {
  const release = buildVersion(clientDir);
  const assets = path.join(clientDir, 'assets');
  const maps = readdirSync(assets).filter((name) => name.endsWith('.js.map'));
  const { org, project } = settings;
  await call(settings, fetchImpl, 'POST', `organizations/${encodeURIComponent(org)}/releases/`, {
    version: release,
    projects: [project],
  });
  const filesPath = `projects/${encodeURIComponent(org)}/${encodeURIComponent(project)}/releases/${encodeURIComponent(release)}/files/`;
  for (const map of maps) {
    for (const name of [map, map.slice(0, -'.map'.length)]) {
      const form = new FormData();
      form.set('name', `~/assets/${name}`);
      form.set('file', new Blob([readFileSync(path.join(assets, name))]), name);
      await call(settings, fetchImpl, 'POST', filesPath, form);
    }
  }
  for (const map of maps) rmSync(path.join(assets, map));
  return { release, uploaded: maps.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Run from apps/web, like the build: WEB_BUILD_DIR is where React Router wrote it (react-router.config.ts).
  const clientDir = path.resolve(
    process.argv[2] ?? path.join(process.env.WEB_BUILD_DIR ?? 'build', 'client'),
  );
  try {
    const settings = sentryUploadSettings(process.env);
    if (settings === null) {
      console.info(
        'Source maps: not uploaded (SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT are not set).',
      );
    } else {
      const { release, uploaded } = await uploadSourceMaps({ clientDir, settings });
      console.info(
        `Source maps: ${uploaded} uploaded to Sentry release ${release}, and removed from the build.`,
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
