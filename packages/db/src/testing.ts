import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { seedDemoData } from './seed/index';

export type TestDatabase = { handle: DatabaseHandle; dispose(): Promise<void> };

/**
 * Where the run's template databases are: made once by the API tests' global set-up
 * (test/database-templates.ts) and copied by every test file instead of migrating and seeding its
 * own. PGlite: dumped data directories (tarballs on disk); PostgreSQL: template database names.
 */
export type TestDatabaseTemplates =
  | { kind: 'pglite'; migrated: string; seeded: string; directory: string }
  | { kind: 'postgres'; serverUrl: string; migrated: string; seeded: string };

/** What a test database starts with: the migrated schema, or that and the demo data (seedDemoData). */
export type TestDatabaseContents = { seeded?: boolean };

function postgresServerUrl(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)',
    );
  return serverUrl;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Builds the migrated and the migrated-and-seeded templates once for a run (TEST_DB picks the
 * engine). The seed reads the clock (the demo accounts' next delivery), so templates live for one
 * run and are never reused by the next: `dropTestDatabaseTemplates` removes them.
 */
export async function buildTestDatabaseTemplates(testDb: string | undefined): Promise<TestDatabaseTemplates> {
  if (testDb !== 'postgres') {
    const directory = await mkdtemp(join(tmpdir(), 'sprout-test-templates-'));
    const handle = createDatabase({ kind: 'pglite' });
    try {
      await runMigrations(handle);
      const migrated = join(directory, 'migrated.tar');
      await writeFile(migrated, await dumpPglite(handle));
      await seedDemoData(handle.db);
      const seeded = join(directory, 'seeded.tar');
      await writeFile(seeded, await dumpPglite(handle));
      return { kind: 'pglite', migrated, seeded, directory };
    } finally {
      await handle.close();
    }
  }

  const serverUrl = postgresServerUrl();
  const prefix = `sprout_template_${randomBytes(4).toString('hex')}`;
  const templates = {
    kind: 'postgres' as const,
    serverUrl,
    migrated: `${prefix}_migrated`,
    seeded: `${prefix}_seeded`,
  };
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${templates.migrated}`));
  const migrated = createDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, templates.migrated) });
  try {
    await runMigrations(migrated);
  } finally {
    // A template with an open connection cannot be copied: every connection closes here.
    await migrated.close();
  }
  await onServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`),
  );
  const seeded = createDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, templates.seeded) });
  try {
    await seedDemoData(seeded.db);
  } finally {
    await seeded.close();
  }
  return templates;
}

export async function dropTestDatabaseTemplates(templates: TestDatabaseTemplates): Promise<void> {
  if (templates.kind === 'pglite') {
    await rm(templates.directory, { recursive: true, force: true });
    return;
  }
  await onServer(templates.serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${templates.seeded} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${templates.migrated} WITH (FORCE)`);
  });
}

async function dumpPglite(handle: DatabaseHandle): Promise<Buffer> {
  if (handle.raw.kind !== 'pglite') throw new Error('not a PGlite database');
  // Uncompressed: gzip would cost more time than the copy saves reading a few megabytes.
  const dump = await handle.raw.client.dumpDataDir('none');
  return Buffer.from(await dump.arrayBuffer());
}

/**
 * The environment variable through which the global set-up tells each test file its templates:
 * one per engine, since a run may hold a PGlite and a PostgreSQL project side by side.
 */
export const templatesVariable = (kind: TestDatabaseTemplates['kind']) =>
  `SPROUT_TEST_DATABASE_TEMPLATES_${kind.toUpperCase()}`;

function templatesFromEnv(): TestDatabaseTemplates | undefined {
  const value = process.env[templatesVariable(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite')];
  return value ? (JSON.parse(value) as TestDatabaseTemplates) : undefined;
}

/**
 * A database for one test file: in-memory PGlite by default, or a fresh PostgreSQL database
 * (dropped afterwards) when TEST_DB=postgres and TEST_DATABASE_URL is set. Migrated, and with the
 * demo data when `seeded`. Copied from the run's template when the global set-up made one; built
 * from scratch otherwise (a test run outside the API projects).
 */
export async function createTestDatabase(contents: TestDatabaseContents = {}): Promise<TestDatabase> {
  const templates = templatesFromEnv();
  const template = templates && (contents.seeded ? templates.seeded : templates.migrated);
  if (process.env.TEST_DB !== 'postgres') {
    const handle =
      templates?.kind === 'pglite' && template
        ? createDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(template)]) })
        : createDatabase({ kind: 'pglite' });
    if (templates?.kind !== 'pglite') {
      await runMigrations(handle);
      if (contents.seeded) await seedDemoData(handle.db);
    }
    return { handle, dispose: () => handle.close() };
  }

  const serverUrl = postgresServerUrl();
  const name = `sprout_test_${randomBytes(6).toString('hex')}`;
  const copied = templates?.kind === 'postgres' && template;
  await onServer(serverUrl, (client) =>
    client.query(copied ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  const handle = createDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), pool: { size: 20 } });
  if (!copied) {
    await runMigrations(handle);
    if (contents.seeded) await seedDemoData(handle.db);
  }
  return {
    handle,
    async dispose() {
      await handle.close();
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
