import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseOptions } from './client';

/** Relative paths are taken from the repository root, whichever workspace runs the script. */
export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * How the PostgreSQL pool and its connections wait, so that nothing waits forever
 * (docs/decisions/034). Every value is in milliseconds but the size; 0 turns a timeout off.
 */
export type PoolSettings = {
  /** Connections per process (each replica opens up to this many, plus the health check's one). */
  size: number;
  /**
   * Longest wait for a connection: a free one of the pool, or a new one being opened. Past it the
   * query fails (a 503 with Retry-After) instead of queueing behind a full or unreachable pool.
   */
  connectTimeoutMs: number;
  /** Longest one statement may run on the server (lock waits included) before it is cancelled. */
  statementTimeoutMs: number;
  /**
   * Longest a transaction may sit idle while holding its connection and locks: the server then
   * ends that session, so a stuck caller cannot hold rows locked for every other request.
   */
  idleInTransactionTimeoutMs: number;
  /** An unused connection is closed after this, so a quiet replica holds few connections. */
  idleTimeoutMs: number;
};

/**
 * The defaults (docs/decisions/034): a request never waits more than 5 s for a connection; a
 * statement of a page or a job that runs 15 s is a missing index or a lock held by a stuck
 * transaction, not work; a transaction does no outside work (payments are called outside them),
 * so a minute idle in one is a bug, not a slow customer.
 */
export const POOL_DEFAULTS: PoolSettings = {
  size: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
};

/** Each setting's environment variable (config.ts validates them for the servers). */
export const POOL_SETTING_VARIABLES = {
  size: 'DATABASE_POOL_SIZE',
  connectTimeoutMs: 'DATABASE_CONNECT_TIMEOUT_MS',
  statementTimeoutMs: 'DATABASE_STATEMENT_TIMEOUT_MS',
  idleInTransactionTimeoutMs: 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
  idleTimeoutMs: 'DATABASE_IDLE_TIMEOUT_MS',
} as const satisfies Record<keyof PoolSettings, string>;

type PoolVariable = (typeof POOL_SETTING_VARIABLES)[keyof PoolSettings];

export type DatabaseEnv = { DATABASE_URL?: string; DATA_DIR?: string } & {
  /** Numbers from the validated config, or the raw strings of a command-line script's environment. */
  [variable in PoolVariable]?: number | string;
};

function poolSettingsFromEnv(env: DatabaseEnv): PoolSettings {
  const settings = { ...POOL_DEFAULTS };
  for (const key of Object.keys(POOL_SETTING_VARIABLES) as (keyof PoolSettings)[]) {
    const variable = POOL_SETTING_VARIABLES[key];
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < (key === 'size' ? 1 : 0)) {
      throw new Error(
        `${variable} must be a whole number${key === 'size' ? ' of 1 or more' : ' of milliseconds'}`,
      );
    }
    settings[key] = value;
  }
  return settings;
}

/** DATABASE_URL selects PostgreSQL (with its pool settings); otherwise PGlite under DATA_DIR (default ./data). */
export function databaseOptionsFromEnv(env: DatabaseEnv): DatabaseOptions {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL, pool: poolSettingsFromEnv(env) };
  return { kind: 'pglite', dataDir: path.resolve(repositoryRoot, env.DATA_DIR ?? 'data', 'pglite') };
}
