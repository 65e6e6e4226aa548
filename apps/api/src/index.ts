/** The API's rule for a failure that means the database cannot be reached (docs/decisions/034). */
export { isDatabaseUnavailable } from '@sprout/db';
export { buildApp, loggerOptions } from './app';
export { prepareDatabase } from './bootstrap';
export { type Config, ConfigError, loadConfig } from './config';
export { AppError } from './errors/app-error';
export { closeOnSignal } from './lib/shutdown';
export { mailStatus } from './platform/mail/service';
export { checkGrantAdminInput, type GrantedAdmin, grantAdminAccess } from './workflows/admin-grant';
