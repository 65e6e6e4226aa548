import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseOptions } from './client';

/** Relative paths are taken from the repository root, whichever workspace runs the script. */
export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data). */
export function databaseOptionsFromEnv(env: { DATABASE_URL?: string; DATA_DIR?: string }): DatabaseOptions {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: path.resolve(repositoryRoot, env.DATA_DIR ?? 'data', 'pglite') };
}
