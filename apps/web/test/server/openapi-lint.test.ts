import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp, loadConfig } from '@sprout/api';
import { createTestDatabase } from '@sprout/db/testing';
import { expect, it } from 'vitest';
import { registerPageRoutes } from '../../app/lib/page-handler.server';
import { repositoryRoot } from './server-process';

type LintReport = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; location: { pointer: string }[] }[];
};

it('the OpenAPI document, pages catch-all included, lints with @redocly/cli without errors', async () => {
  const database = await createTestDatabase();
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database: database.handle });
  // As server.ts registers them; the handler is never called here.
  await registerPageRoutes(app, async () => undefined);
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  await app.close();
  await database.dispose();
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(Object.keys(document.paths)).not.toContain('/{*}');

  const directory = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  try {
    const file = path.join(directory, 'openapi.json');
    writeFileSync(file, response.body);
    const redocly = path.join(repositoryRoot, 'node_modules/.bin/redocly');
    const { stdout } = await promisify(execFile)(
      redocly,
      ['lint', file, '--format=json', '--max-problems=1000'],
      {
        cwd: directory,
        // Offline and quiet: no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // Every operation names its 4xx answers (the standard ones are added centrally).
    expect(report.problems.filter((problem) => problem.ruleId === 'operation-4xx-response')).toEqual([]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
