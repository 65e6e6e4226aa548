import { createDatabase, type DatabaseHandle, databaseOptionsFromEnv, runMigrations } from '@sprout/db';
import { seedDemoCatalogue } from '@sprout/db/seed';
import type { Config } from './config';

/** Opens the configured database, applies migrations and seeds the demo catalogue when empty. */
export async function prepareDatabase(
  config: Config,
  log: { info(message: string): void },
): Promise<DatabaseHandle> {
  const database = createDatabase(databaseOptionsFromEnv(config));
  await runMigrations(database);
  if (config.SEED_DEMO_DATA) {
    const seeded = await seedDemoCatalogue(database.db);
    if (seeded) log.info('seeded the demo catalogue into an empty database');
  }
  log.info(`database ready (${database.kind})`);
  return database;
}
