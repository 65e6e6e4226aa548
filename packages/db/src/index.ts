export type { Database, DatabaseHandle, DatabaseOptions, Transaction } from './client';
export { createDatabase } from './client';
export { runMigrations } from './migrate';
export {
  type ChannelHandlers,
  type ChannelListener,
  listenToChannel,
  notifyChannel,
} from './notifications';
export { databaseOptionsFromEnv, repositoryRoot } from './options';
export { hashPassword, PASSWORD_HASHING } from './passwords';
export {
  type HostValues,
  partPlaceholder,
  preparedQuery,
  preparedWithParts,
  type StatementPart,
} from './prepared';
export * as schema from './schema/index';
