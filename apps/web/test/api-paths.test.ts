import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The storefront reaches the API only through its typed client (docs/decisions/051): the paths are
 * written once in the contracts (`endpoints-*.ts`, and `endpoint-paths.ts` for what the browser
 * sends without the client), never as literals in the pages.
 */
const APP = join(import.meta.dirname, '../app');
/** The client itself: the one place a request is built from a declaration. */
const CLIENT_FILES = new Set(['lib/api.ts', 'lib/api-client.server.ts']);
/** A quoted string (or template) that starts with an /api or /auth path. */
const PATH_LITERAL = /['"`]\/(?:api|auth)(?:\/|\?|['"`])/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('API paths in the storefront', () => {
  it('recognises a path literal in each quoting', () => {
    for (const line of [
      "fetch('/api/experiments/exposures')",
      'href="/auth/google"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text the check reads
      'api.request(`/api/sales/checkout/upsell/items/${direction}`)',
      "call('/auth')",
    ])
      expect(line).toMatch(PATH_LITERAL);
    expect("redirect('/account/api-keys')").not.toMatch(PATH_LITERAL);
  });

  it('writes no /api/ or /auth/ path in apps/web/app outside the client and the tests', () => {
    const files = sourceFiles(APP);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const name = relative(APP, file).split('\\').join('/');
      if (CLIENT_FILES.has(name)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (PATH_LITERAL.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : []));
    });
    expect(found).toEqual([]);
  });
});
