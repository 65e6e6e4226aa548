/**
 * Runs every background job once, as of an instant (every job reads one clock a test can set),
 * for operators and tests: `npm run jobs -- --as-of=2026-12-01T09:00:00Z` (default: now). Uses the configured
 * database (DATABASE_URL, else the PGlite data directory) and exits non-zero when a job fails.
 */
import { buildApp, ConfigError, loadConfig, prepareDatabase } from '@sprout/api';

export function parseAsOf(args: string[]): Date | null {
  const flag = args.find((arg) => arg.startsWith('--as-of='));
  if (!flag) return null;
  const value = flag.slice('--as-of='.length);
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime())) {
    throw new ConfigError(`--as-of must be an ISO date-time such as 2026-12-01T09:00:00Z (got "${value}")`);
  }
  return at;
}

async function main() {
  const asOf = parseAsOf(process.argv.slice(2));
  const config = loadConfig();
  // Warnings (a live store without a catalogue, a demo's leftovers) still reach the operator.
  const database = await prepareDatabase(config, {
    info: () => {},
    warn: (message) => console.warn(message),
  });
  const app = await buildApp({ config, database, closeDatabase: true, startJobs: false });
  await app.ready();
  try {
    const outcomes = await app.jobs.runAllOnce(asOf);
    for (const outcome of outcomes) {
      console.info(
        outcome.ok
          ? `${outcome.name}: ${JSON.stringify(outcome.result)}`
          : `${outcome.name}: FAILED ${outcome.error}`,
      );
    }
    process.exitCode = outcomes.every((outcome) => outcome.ok) ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
