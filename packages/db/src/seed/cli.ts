import { createDatabase } from '../client';
import { runMigrations } from '../migrate';
import { databaseOptionsFromEnv } from '../options';
import { DEMO, seedCheckoutUpsells, seedDemoCatalogue, seedDemoPromotions, seedStoreSettings } from './index';

/**
 * `npm run db:seed`: migrates the database selected by DATABASE_URL / DATA_DIR, then seeds the demo
 * catalogue once; then the demo's promotions, or with STORE_MODE=live only the settings a live store
 * needs, which give nothing away (docs/decisions/036).
 */
const live = process.env.STORE_MODE === 'live';
const handle = createDatabase(databaseOptionsFromEnv(process.env));
try {
  await runMigrations(handle);
  const started = performance.now();
  const seeded = await seedDemoCatalogue(handle.db);
  await seedCheckoutUpsells(handle.db);
  const elapsed = Math.round(performance.now() - started);
  console.info(
    seeded
      ? `demo catalogue seeded (${handle.kind}): ${DEMO.counts.products} products, ${DEMO.counts.menus} menus, ${DEMO.counts.plans} plans, ${DEMO.counts.zipCodes} zip codes in ${elapsed} ms`
      : `demo catalogue already present (${handle.kind}): nothing to do`,
  );
  if (live) {
    const settings = await seedStoreSettings(handle.db);
    console.info(
      settings
        ? 'live store settings seeded (no demo promotions, referral codes or accounts)'
        : 'live store settings already present',
    );
  } else {
    const promotions = await seedDemoPromotions(handle.db);
    console.info(promotions ? 'demo promotions and app settings seeded' : 'demo promotions already present');
  }
} finally {
  await handle.close();
}
