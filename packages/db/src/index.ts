export type { Database, DatabaseHandle, DatabaseOptions, Transaction } from './client';
export { createDatabase } from './client';
export { runMigrations } from './migrate';
export { databaseOptionsFromEnv, repositoryRoot } from './options';
export { hashPassword, PASSWORD_HASHING } from './passwords';
export * as schema from './schema/index';
