import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { closeOnSignal } from './lib/shutdown';

/** The API alone, for deployments that scale the storefront and the API separately. */
async function main() {
  const config = loadConfig();
  const database = await prepareDatabase(config, console);
  const app = await buildApp({ config, database, closeDatabase: true });
  closeOnSignal(app, config);
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
