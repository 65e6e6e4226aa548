import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 72_310_455;

/** Applies the same SQL migrations to PGlite or PostgreSQL; safe when several replicas start at once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.raw.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const connection = await handle.raw.client.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}
