import { createDatabase, type DatabaseHandle, databaseOptionsFromEnv, runMigrations } from '@sprout/db';
import { seedDemoData } from '@sprout/db/seed';
import type { Config } from './config';

/** Opens the configured database, applies migrations and seeds the demo catalogue when empty. */
export async function prepareDatabase(
  config: Config,
  log: { info(message: string): void },
): Promise<DatabaseHandle> {
  const database = createDatabase(databaseOptionsFromEnv(config));
  await runMigrations(database);
  if (config.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(database.db, { demoAccounts: config.SEED_DEMO_ACCOUNTS });
    if (seeded.catalogue) log.info('seeded the demo catalogue into an empty database');
    if (seeded.promotions) log.info('seeded the demo promotions and app settings');
    if (seeded.accounts) log.info('seeded the demo accounts (demo@example.com, admin@example.com)');
  }
  log.info(`database ready (${database.kind})`);
  return database;
}
