/**
 * Makes an admin of the store from the operator's shell (docs/decisions/038): a live store seeds no
 * account, so this is how its owner gets into /admin.
 *
 *   npm run admin -- --email owner@shop.com [--first-name Ada --last-name Lovelace]
 *
 * Creates the account if the email has none (or promotes the customer who has it) and mails that
 * address the store's password reset link, the one forgot-password sends: its owner chooses the
 * password, which never passes through a command line. Running it again sends a new link. Uses the
 * store's settings (STORE_MODE, DATABASE_URL or DATA_DIR, SITE_URL, SMTP_URL) and migrates the
 * database if it is new; it seeds nothing. Exits 1 with a sentence when anything is wrong.
 */
import { parseArgs } from 'node:util';
import {
  AppError,
  buildApp,
  ConfigError,
  checkGrantAdminInput,
  type GrantedAdmin,
  grantAdminAccess,
  loadConfig,
  loggerOptions,
  mailStatus,
} from '@sprout/api';
import { createDatabase, databaseOptionsFromEnv, runMigrations } from '@sprout/db';

export const USAGE = `Usage: npm run admin -- --email owner@shop.com [--first-name Ada --last-name Lovelace]

Makes the account of this email an admin of the store (a new account, or an existing customer
promoted) and mails it a link to choose its password. Run it with the store's settings (STORE_MODE,
DATABASE_URL or DATA_DIR, SITE_URL, SMTP_URL); on PGlite, while the store is stopped.`;

/** The operator's mistakes: said in one sentence, exit 1. */
export class UsageError extends Error {}

const FLAG_OF: Record<string, string> = {
  email: '--email',
  first_name: '--first-name',
  last_name: '--last-name',
};

export function parseAdminArgs(
  args: string[],
): { help: true } | { help: false; input: Record<string, string> } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return { help: true };
  if (values.email === undefined) throw new UsageError(`--email is required.\n\n${USAGE}`);
  const input: Record<string, string> = { email: values.email as string };
  if (values['first-name'] !== undefined) input.first_name = values['first-name'] as string;
  if (values['last-name'] !== undefined) input.last_name = values['last-name'] as string;
  return { help: false, input };
}

/** The contract's words for a wrong field, named by its flag: "--email: Please enter a valid email address". */
export function describeInputError(error: AppError): string {
  const lines = Object.entries(error.fieldErrors ?? {}).map(
    ([field, messages]) => `${FLAG_OF[field] ?? field}: ${messages.join('; ')}`,
  );
  return lines.length > 0 ? lines.join('\n') : error.message;
}

export function describeGrant(granted: GrantedAdmin, namesGiven: boolean): string[] {
  const who = `${granted.email} (account #${granted.userId})`;
  const lines = [
    granted.was === 'none'
      ? `${who} is a new admin account.`
      : granted.was === 'customer'
        ? `${who} was a customer and is now an admin.`
        : `${who} is already an admin: nothing changed.`,
  ];
  if (namesGiven && granted.was !== 'none') {
    lines.push(
      'The names given are for a new account: this account keeps its own (the profile page changes them).',
    );
  }
  return lines;
}

async function main() {
  const parsed = parseAdminArgs(process.argv.slice(2));
  if (parsed.help) {
    console.info(USAGE);
    return;
  }
  // The input first: a mistyped email costs no database.
  checkGrantAdminInput(parsed.input);
  const config = loadConfig();
  const database = createDatabase(databaseOptionsFromEnv(config));
  await runMigrations(database);
  // The store's mail outbox and worker; quiet unless LOG_LEVEL asks (this command prints what it did).
  const logLevel = process.env.LOG_LEVEL ? config.LOG_LEVEL : 'error';
  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    startJobs: false,
    logger: loggerOptions({ ...config, LOG_LEVEL: logLevel }),
  });
  try {
    await app.ready();
    const granted = await grantAdminAccess(
      { db: app.database.db, mailer: app.mailer, site: { url: config.SITE_URL, name: config.SITE_NAME } },
      parsed.input,
    );
    for (const line of describeGrant(granted, 'first_name' in parsed.input || 'last_name' in parsed.input)) {
      console.info(line);
    }
    // The worker sends what is due now (the link first: it is urgent mail), as a replica would.
    await app.mailer.worker.drain();
    const mail = await mailStatus(app.database.db, granted.mailId);
    const link = `a link to choose a password (valid for ${granted.linkMinutes} minutes; run this again for a new one)`;
    if (mail?.status !== 'sent') {
      console.info(
        `Queued ${link} for ${granted.email}: the mail server has not taken it yet (${mail?.lastError ?? 'not tried yet'}). The store's mail worker keeps trying.`,
      );
    } else if (app.mailer.transport === 'smtp') {
      console.info(`Mailed ${granted.email} ${link}.`);
    } else {
      const mailbox = new URL('/dev/mailbox', config.SITE_URL);
      console.info(`Mailed ${granted.email} ${link}: demo mode keeps it in the dev mailbox, ${mailbox}`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
  else if (error instanceof AppError && error.kind === 'validation') console.error(describeInputError(error));
  else console.error(error);
  process.exit(1);
});
