import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';

export type TestDatabase = { handle: DatabaseHandle; dispose(): Promise<void> };

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh
 * PostgreSQL database (dropped afterwards) when TEST_DB=postgres and TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const handle = createDatabase({ kind: 'pglite' });
    await runMigrations(handle);
    return { handle, dispose: () => handle.close() };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)',
    );
  const name = `sprout_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ kind: 'postgres', url: url.toString(), pool: { size: 20 } });
  await runMigrations(handle);
  return {
    handle,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
