import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseOptions =
  /** PostgreSQL through a connection pool. */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Embedded PGlite; no dataDir means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseOptions['kind'];
  /** Counts every SQL statement sent, so tests can hold hot paths to a statement budget. */
  statements: { count: number };
  close(): Promise<void>;
  /** The raw client, for migrations and test fixtures. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool };
};

// Postgres returns NUMERIC and BIGINT as strings by default; our numerics are small ratings.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const statements = { count: 0 };
  const logger = {
    logQuery() {
      statements.count += 1;
    },
  };

  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    let closing = false;
    // An idle connection can die under us (a database restart, a failover, DROP DATABASE … FORCE):
    // the pool replaces it on the next query. Without a listener, node would crash the process.
    pool.on('error', (error) => {
      if (!closing)
        console.warn(`database: an idle connection was lost (${error.message}); it will be replaced`);
    });
    // A connection can also die while checked out (a terminated backend mid-transaction): its
    // query fails and the caller sees the error, but the client emits 'error' as well, which the
    // pool only listens to for idle clients. Without this listener that would crash the process.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (!closing) console.warn(`database: a connection in use was lost (${error.message})`);
      });
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      statements,
      raw: { kind: 'postgres', client: pool },
      close: async () => {
        closing = true;
        await pool.end();
      },
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    statements,
    raw: { kind: 'pglite', client },
    close: () => client.close(),
  };
}
