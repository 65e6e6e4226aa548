import { createDatabase } from './client';
import { runMigrations } from './migrate';
import { databaseOptionsFromEnv } from './options';

const handle = createDatabase(databaseOptionsFromEnv(process.env));
await runMigrations(handle);
await handle.close();
console.info(`migrations applied (${handle.kind})`);
