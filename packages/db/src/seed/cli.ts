import { createDatabase } from '../client';
import { runMigrations } from '../migrate';
import { databaseOptionsFromEnv } from '../options';
import { DEMO, seedDemoCatalogue, seedDemoPromotions } from './index';

/** `npm run db:seed`: migrates the database selected by DATABASE_URL / DATA_DIR, then seeds it once. */
const handle = createDatabase(databaseOptionsFromEnv(process.env));
try {
  await runMigrations(handle);
  const started = performance.now();
  const seeded = await seedDemoCatalogue(handle.db);
  const elapsed = Math.round(performance.now() - started);
  console.info(
    seeded
      ? `demo catalogue seeded (${handle.kind}): ${DEMO.counts.products} products, ${DEMO.counts.menus} menus, ${DEMO.counts.plans} plans, ${DEMO.counts.zipCodes} zip codes in ${elapsed} ms`
      : `demo catalogue already present (${handle.kind}): nothing to do`,
  );
  const promotions = await seedDemoPromotions(handle.db);
  console.info(promotions ? 'demo promotions and app settings seeded' : 'demo promotions already present');
} finally {
  await handle.close();
}
