import {
  createDatabase,
  type Database,
  type DatabaseHandle,
  databaseOptionsFromEnv,
  runMigrations,
} from '@sprout/db';
import { seedCheckoutUpsells, seedDemoCatalogue, seedDemoData, seedLiveStore } from '@sprout/db/seed';
import type { Config } from './config';

export type SeedLog = { info(message: string): void; warn(message: string): void };

/** Opens the configured database, applies migrations and seeds what the mode and settings ask for. */
export async function prepareDatabase(config: Config, log: SeedLog): Promise<DatabaseHandle> {
  const database = createDatabase(databaseOptionsFromEnv(config));
  await runMigrations(database);
  await seedAsConfigured(database.db, config, log);
  log.info(`database ready (${database.kind})`);
  return database;
}

type SeedSettings = Pick<
  Config,
  'STORE_MODE' | 'SEED_DEMO_DATA' | 'SEED_DEMO_CATALOGUE' | 'SEED_DEMO_ACCOUNTS'
>;

/**
 * Demo mode: the whole demo when SEED_DEMO_DATA (its accounts unless SEED_DEMO_ACCOUNTS=false), or
 * the catalogue alone with SEED_DEMO_CATALOGUE. Live mode: nothing of the demo, the catalogue only
 * with SEED_DEMO_CATALOGUE, and the log says what it did and what is missing (docs/decisions/036).
 */
export async function seedAsConfigured(db: Database, config: SeedSettings, log: SeedLog): Promise<void> {
  if (config.STORE_MODE === 'live') {
    await seedLive(db, config, log);
    return;
  }
  if (config.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(db, { demoAccounts: config.SEED_DEMO_ACCOUNTS });
    if (seeded.catalogue) log.info('seeded the demo catalogue into an empty database');
    if (seeded.promotions) log.info('seeded the demo promotions and app settings');
    if (seeded.accounts) log.info('seeded the demo accounts (demo@example.com, admin@example.com)');
    return;
  }
  if (config.SEED_DEMO_CATALOGUE) {
    if (await seedDemoCatalogue(db)) log.info('seeded the demo catalogue into an empty database');
    await seedCheckoutUpsells(db);
  }
}

async function seedLive(db: Database, config: SeedSettings, log: SeedLog): Promise<void> {
  const seeded = await seedLiveStore(db, { demoCatalogue: config.SEED_DEMO_CATALOGUE });
  log.info(
    'live mode: seeded no demo data (promo codes, partnerships, referral codes, accounts, orders, blog posts, experiments, gift card bonus)',
  );
  if (seeded.catalogue) {
    log.info(
      'live mode: seeded the demo catalogue (SEED_DEMO_CATALOGUE=true) into an empty database: products, menus, plans, delivery areas and checkout add-ons, to edit in the admin',
    );
  }
  if (seeded.settings) {
    log.info(
      'live mode: seeded the settings a store needs, giving nothing away: a $0 referral offer (set yours in the admin), cancellation offers of a smaller box or a pause, the blog categories',
    );
  }
  if (!seeded.hasCatalogue) {
    log.warn(
      'live mode: the database has no catalogue (no plans, or no zip code it delivers to), so the store cannot take an order. To start from the demo catalogue (products, menus, plans, delivery areas), start once with SEED_DEMO_CATALOGUE=true on this database (it is seeded only while the plans table is empty), then edit it in the admin; see README "Demo mode and live mode".',
    );
  }
  if (seeded.leftovers.length > 0) {
    log.warn(
      `live mode: this database still holds what an earlier demo start seeded: ${seeded.leftovers.join('; ')}. Nothing was changed: deactivate those codes and that partnership in the admin (Promotions), change those accounts' passwords (they are published in the README) or delete the accounts, and delete the bonus rule's row (gift_card_promotions) if it is listed.`,
    );
  }
}
