export type { Database, DatabaseHandle, DatabaseOptions, PoolStats, Transaction } from './client';
export { createDatabase, HEALTH_CHECK_TIMEOUT_MS } from './client';
export { isDatabaseUnavailable } from './failures';
export { runMigrations } from './migrate';
export {
  type ChannelHandlers,
  type ChannelListener,
  listenToChannel,
  notifyChannel,
} from './notifications';
export {
  type DatabaseEnv,
  databaseOptionsFromEnv,
  POOL_DEFAULTS,
  POOL_SETTING_VARIABLES,
  type PoolSettings,
  repositoryRoot,
} from './options';
export { hashPassword, PASSWORD_HASHING } from './passwords';
export {
  type HostValues,
  partPlaceholder,
  preparedQuery,
  preparedWithParts,
  type StatementPart,
} from './prepared';
export * as schema from './schema/index';
