import {
  createDatabase,
  type Database,
  type DatabaseHandle,
  databaseOptionsFromEnv,
  runMigrations,
} from '@sprout/db';
import { seedDemoData } from '@sprout/db/seed';
import type { Config } from './config';

/** Opens the configured database, applies migrations and seeds the demo catalogue when empty. */
export async function prepareDatabase(
  config: Config,
  log: { info(message: string): void },
): Promise<DatabaseHandle> {
  const database = createDatabase(databaseOptionsFromEnv(config));
  await runMigrations(database);
  await seedAsConfigured(database.db, config, log);
  log.info(`database ready (${database.kind})`);
  return database;
}

/** The demo catalogue when SEED_DEMO_DATA; the demo accounts only in demo mode (see loadConfig). */
export async function seedAsConfigured(
  db: Database,
  config: Pick<Config, 'SEED_DEMO_DATA' | 'SEED_DEMO_ACCOUNTS'>,
  log: { info(message: string): void },
): Promise<void> {
  if (!config.SEED_DEMO_DATA) return;
  const seeded = await seedDemoData(db, { demoAccounts: config.SEED_DEMO_ACCOUNTS });
  if (seeded.catalogue) log.info('seeded the demo catalogue into an empty database');
  if (seeded.promotions) log.info('seeded the demo promotions and app settings');
  if (seeded.accounts) log.info('seeded the demo accounts (demo@example.com, admin@example.com)');
}
