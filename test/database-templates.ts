import { buildTestDatabaseTemplates, dropTestDatabaseTemplates, templatesVariable } from '@sprout/db/testing';
import type { TestProject } from 'vitest/node';

/**
 * Global set-up of the API projects: migrates and seeds one database for the whole run, which
 * each test file then copies (PGlite: its dumped data directory; PostgreSQL: CREATE DATABASE …
 * TEMPLATE) instead of migrating and seeding its own (docs/decisions/053).
 */
export default async function setup(project: TestProject) {
  // TEST_DB_TEMPLATES=off: every file migrates and seeds its own, as before (to measure, or to
  // rule the copy out when a test fails).
  if (process.env.TEST_DB_TEMPLATES === 'off') return;
  const testDb = project.config.env?.TEST_DB;
  const templates = await buildTestDatabaseTemplates(testDb);
  // The test workers start after the global set-up, with its environment.
  process.env[templatesVariable(templates.kind)] = JSON.stringify(templates);
  return async () => {
    delete process.env[templatesVariable(templates.kind)];
    await dropTestDatabaseTemplates(templates);
  };
}
