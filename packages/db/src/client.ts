import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type Logger,
  sql,
} from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgTransaction,
  type PgTransactionConfig,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { isDatabaseUnavailable } from './failures';
import { POOL_DEFAULTS, type PoolSettings } from './options';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseOptions =
  /** PostgreSQL through a connection pool; unset settings take POOL_DEFAULTS. */
  | { kind: 'postgres'; url: string; pool?: Partial<PoolSettings> }
  /**
   * Embedded PGlite; no dataDir means in memory (tests). `loadDataDir` starts it from a dumped data
   * directory (PGlite's dumpDataDir): the test databases copied from one migrated, seeded template.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** What the pool holds right now (PostgreSQL): the health check reports it, tests check for leaks. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseOptions['kind'];
  /** Counts every SQL statement sent, so tests can hold hot paths to a statement budget. */
  statements: { count: number };
  /**
   * One `select 1` on a connection of its own, never the pool's (a full pool cannot starve it),
   * answered or failed within HEALTH_CHECK_TIMEOUT_MS: the round trip in milliseconds.
   */
  ping(): Promise<number>;
  /** The pool's connections (null on PGlite, which has none). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
  /** The raw client, for migrations and test fixtures. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool };
};

/**
 * How long the health check waits for its `select 1`, connecting included: under the 2 s within
 * which a load balancer is promised an answer (docs/decisions/034).
 */
export const HEALTH_CHECK_TIMEOUT_MS = 1_500;

/**
 * A query whose answer never comes (a network that drops packets without a reset) is given up on
 * by the driver this long after the server would have cancelled it itself.
 */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;
/** TCP keep-alive probes start after this much silence, so a peer gone without a word is noticed. */
const KEEP_ALIVE_DELAY_MS = 10_000;

// Postgres returns NUMERIC and BIGINT as strings by default; our numerics are small ratings.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

type RelationalSchema = {
  fullSchema: Schema;
  schema: ExtractTablesWithRelations<Schema>;
  tableNamesMap: Record<string, string>;
};

/**
 * Drizzle's node-postgres database with a transaction that gives its connection back whatever
 * fails (docs/decisions/034). Drizzle's own takes a connection and sends BEGIN outside its
 * try/finally, so a BEGIN that fails (a backend terminated between two uses) never returns the
 * connection: ten such failures and every later query waits forever. Its catch also sends
 * ROLLBACK on a dead connection, whose failure then replaces the error that mattered.
 */
class PoolDatabase extends NodePgDatabase<Schema> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly driver: { dialect: PgDialect; relational: RelationalSchema; logger: Logger },
  ) {
    const { dialect, relational, logger } = driver;
    super(dialect, new NodePgSession(pool, dialect, relational, { logger }), relational);
  }

  override async transaction<T>(
    work: (tx: NodePgTransaction<Schema, ExtractTablesWithRelations<Schema>>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const { dialect, relational, logger } = this.driver;
    // Fails after connectTimeoutMs when the pool is full or the server unreachable: never waits on.
    const client = await this.pool.connect();
    const session = new NodePgSession(client, dialect, relational, { logger });
    const tx = new NodePgTransaction<Schema, ExtractTablesWithRelations<Schema>>(
      dialect,
      session,
      relational,
    );
    // Set when the connection must not go back to the pool: the pool then closes it.
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin`);
      if (config) await tx.setTransaction(config);
      const result = await work(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      broken = await rollBack(tx, error);
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/**
 * Ends a failed transaction and says whether its connection is still fit for the pool. A lost
 * connection is not asked to roll back (closing it rolls back on the server); a rollback that
 * fails marks it broken too. Either way the caller rethrows the original error, not the rollback's.
 */
async function rollBack(
  tx: NodePgTransaction<Schema, ExtractTablesWithRelations<Schema>>,
  error: unknown,
): Promise<Error | undefined> {
  if (isDatabaseUnavailable(error)) return error instanceof Error ? error : new Error(String(error));
  try {
    await tx.execute(sql`rollback`);
    return undefined;
  } catch (rollbackError) {
    return rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
  }
}

/** The pool's settings as node-postgres options (docs/decisions/034). */
function poolConfig(url: string, settings: PoolSettings): pg.PoolConfig {
  return {
    connectionString: url,
    max: settings.size,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    // Sent at connection start-up: the server enforces them on every statement and transaction.
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    query_timeout:
      settings.statementTimeoutMs > 0 ? settings.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    application_name: 'sprout',
  };
}

/**
 * The health check's own pool of one connection, every wait bounded by HEALTH_CHECK_TIMEOUT_MS:
 * a pool full of slow requests cannot delay it, and an unreachable server fails it in time.
 */
function healthCheckPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: HEALTH_CHECK_TIMEOUT_MS,
    statement_timeout: HEALTH_CHECK_TIMEOUT_MS,
    query_timeout: HEALTH_CHECK_TIMEOUT_MS,
    // Kept open between checks (a check every few seconds), closed once they stop.
    idleTimeoutMillis: 60_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    application_name: 'sprout-health',
  });
  pool.on('error', () => {
    // A lost idle connection: the next check opens another and reports what it finds.
  });
  return pool;
}

/** Rejects when `work` has not settled within `ms` (the work itself is bounded by its own timeouts). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout expired: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const statements = { count: 0 };
  const logger: Logger = {
    logQuery() {
      statements.count += 1;
    },
  };

  if (options.kind === 'postgres') {
    const settings = { ...POOL_DEFAULTS, ...options.pool };
    const pool = new pg.Pool(poolConfig(options.url, settings));
    let health: pg.Pool | undefined;
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
    const dialect = new PgDialect({ casing: 'snake_case' });
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    const relational: RelationalSchema = {
      fullSchema: schema,
      schema: tables.tables as ExtractTablesWithRelations<Schema>,
      tableNamesMap: tables.tableNamesMap,
    };
    const db = new PoolDatabase(pool, { dialect, relational, logger }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      statements,
      async ping() {
        health ??= healthCheckPool(options.url);
        const started = performance.now();
        await within(HEALTH_CHECK_TIMEOUT_MS, health.query('select 1'));
        return performance.now() - started;
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      raw: { kind: 'postgres', client: pool },
      close: async () => {
        closing = true;
        await Promise.all([pool.end(), health?.end()]);
      },
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    statements,
    async ping() {
      const started = performance.now();
      await within(HEALTH_CHECK_TIMEOUT_MS, client.query('select 1'));
      return performance.now() - started;
    },
    poolStats: () => null,
    raw: { kind: 'pglite', client },
    close: () => client.close(),
  };
}
