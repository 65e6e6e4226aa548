import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 72_310_455;

/**
 * Applies the same SQL migrations to PGlite or PostgreSQL; safe when several replicas start at once.
 *
 * On PostgreSQL the lock and the migrations share one connection of their own, opened without the
 * pool's statement and idle-in-transaction timeouts (docs/decisions/034): waiting for another
 * replica's migrations, or building an index on a large table, may rightly take longer than any
 * request may, and nothing is served before it ends. Only opening the connection is bounded.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.raw.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const { connectionString, connectionTimeoutMillis } = handle.raw.client.options;
  const connection = new pg.Client({
    connectionString,
    connectionTimeoutMillis,
    application_name: 'sprout-migrate',
  });
  // A connection lost mid-migration fails its query; this keeps its 'error' event from crashing us.
  connection.on('error', () => undefined);
  await connection.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
  } finally {
    // Closing the session releases its advisory lock even when the unlock cannot be sent.
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await connection.end().catch(() => {});
  }
}
