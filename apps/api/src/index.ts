export { buildApp, loggerOptions } from './app';
export { prepareDatabase } from './bootstrap';
export { type Config, ConfigError, loadConfig } from './config';
export { closeOnSignal } from './lib/shutdown';
