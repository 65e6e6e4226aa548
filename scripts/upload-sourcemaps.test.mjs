import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sentryUploadSettings, uploadSourceMaps } from './upload-sourcemaps.mjs';

/** A client build as React Router writes it: the manifest, a script and its hidden map. */
function clientBuild() {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'sourcemaps-'));
  const assets = path.join(clientDir, 'assets');
  mkdirSync(assets);
  writeFileSync(
    path.join(assets, 'manifest-1a2b3c4d.js'),
    'window.__reactRouterManifest={"version":"1a2b3c4d","routes":{}};',
  );
  writeFileSync(path.join(assets, 'menus-XyZ.js'), 'export const a=1;');
  writeFileSync(path.join(assets, 'menus-XyZ.js.map'), '{"version":3,"sources":["menus.tsx"],"mappings":""}');
  return clientDir;
}

/**
 * Sentry's API is a third-party service that cannot run here: this records what reaches it, the
 * way Sentry's endpoints receive it (JSON for the release, multipart for each file).
 */
async function sentryStandIn(status = 201) {
  const requests = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ method: request.method, url: request.url, auth: request.headers.authorization, body });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"detail":"refused"}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  servers.push(server);
  return { url, requests };
}
const servers = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('source map upload', () => {
  it('does nothing unless all three settings are given, and names the missing ones otherwise', () => {
    expect(sentryUploadSettings({})).toBeNull();
    expect(() => sentryUploadSettings({ SENTRY_AUTH_TOKEN: 't' })).toThrow(
      /SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT together/,
    );
    expect(
      sentryUploadSettings({
        SENTRY_AUTH_TOKEN: 't',
        SENTRY_ORG: 'o',
        SENTRY_PROJECT: 'p',
        SENTRY_URL: 'https://s.example/',
      }),
    ).toEqual({ token: 't', org: 'o', project: 'p', url: 'https://s.example' });
  });

  it('creates the release named by the build, uploads each script with its map, then removes the maps', async () => {
    const clientDir = clientBuild();
    const sentry = await sentryStandIn();
    const result = await uploadSourceMaps({
      clientDir,
      settings: { token: 'secret', org: 'sprout', project: 'web', url: sentry.url },
    });
    expect(result).toEqual({ release: '1a2b3c4d', uploaded: 1 });
    expect(sentry.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/0/organizations/sprout/releases/',
      'POST /api/0/projects/sprout/web/releases/1a2b3c4d/files/',
      'POST /api/0/projects/sprout/web/releases/1a2b3c4d/files/',
    ]);
    expect(sentry.requests.every((request) => request.auth === 'Bearer secret')).toBe(true);
    expect(JSON.parse(sentry.requests[0].body)).toEqual({ version: '1a2b3c4d', projects: ['web'] });
    expect(sentry.requests[1].body).toContain('~/assets/menus-XyZ.js.map');
    expect(sentry.requests[1].body).toContain('"sources":["menus.tsx"]');
    expect(sentry.requests[2].body).toContain('~/assets/menus-XyZ.js');
    expect(readdirSync(path.join(clientDir, 'assets')).sort()).toEqual([
      'manifest-1a2b3c4d.js',
      'menus-XyZ.js',
    ]);
  });

  it('fails the build with Sentry’s answer and keeps the maps when Sentry refuses', async () => {
    const clientDir = clientBuild();
    const sentry = await sentryStandIn(401);
    await expect(
      uploadSourceMaps({
        clientDir,
        settings: { token: 'bad', org: 'sprout', project: 'web', url: sentry.url },
      }),
    ).rejects.toThrow(
      'Sentry answered 401 to POST /api/0/organizations/sprout/releases/: {"detail":"refused"}',
    );
    expect(readdirSync(path.join(clientDir, 'assets'))).toContain('menus-XyZ.js.map');
  });
});
