export type { Database, DatabaseHandle, DatabaseOptions, Transaction } from './client';
export { createDatabase } from './client';
export { runMigrations } from './migrate';
export { databaseOptionsFromEnv, repositoryRoot } from './options';
export * as schema from './schema/index';
