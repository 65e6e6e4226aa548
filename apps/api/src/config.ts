import {
  DEFAULT_DATA_LAYER_NAME,
  DEFAULT_VIEW_EVENT,
  EMAIL_CHECKS_PER_HOUR_DEFAULT,
  ERROR_REPORTS_DEFAULT_MAX_EVENTS,
  ERROR_REPORTS_MAX_EVENTS_RANGE,
  GTM_ID_PATTERN,
} from '@sprout/contracts';
import { POOL_DEFAULTS } from '@sprout/db/options';
import { z } from 'zod';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);

/**
 * Every setting the server reads, parsed once at start-up. A bad value stops the process with a
 * message naming the variable instead of failing later in a request. See .env.example.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * demo: embedded test payments, the dev mailbox under /dev, demo accounts and a "Demo store"
   * ribbon. live: none of them, and the server refuses to start without real mail, real payment
   * keys and an https SITE_URL (docs/decisions/014). No default under NODE_ENV=production.
   */
  STORE_MODE: z.enum(['demo', 'live'], { error: 'STORE_MODE must be demo or live' }).optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// connection string' })
    .optional(),
  /**
   * PostgreSQL's pool (docs/decisions/034): connections per process, and how long anything may
   * wait. A request that cannot get a connection within the connect timeout, or whose statement
   * runs past the statement timeout, is answered 503 with Retry-After. 0 turns a timeout off.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(POOL_DEFAULTS.size),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, {
      error: 'DATABASE_CONNECT_TIMEOUT_MS must be 100 ms or more: a wait with no end hangs the store',
    })
    .max(600_000)
    .default(POOL_DEFAULTS.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(POOL_DEFAULTS.statementTimeoutMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(POOL_DEFAULTS.idleInTransactionTimeoutMs),
  DATABASE_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(POOL_DEFAULTS.idleTimeoutMs),
  /**
   * Shutdown (SIGTERM, SIGINT; docs/decisions/034): for the drain delay the server goes on
   * accepting and answering while /healthz answers 503, so a load balancer takes it out of
   * rotation; then it stops accepting, finishes every request it accepted, stops the jobs and
   * closes the database. Past the timeout (counted from the signal) requests still running are
   * answered 503 and the process exits 1.
   */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  DATA_DIR: z.string().min(1).default('data'),
  /**
   * The whole demo into an empty database (catalogue, promotions, referral code, blog, accounts…):
   * in demo mode unless false. Live mode never seeds it and refuses SEED_DEMO_DATA=true
   * (docs/decisions/036).
   */
  SEED_DEMO_DATA: flag.optional(),
  /**
   * Only the demo's catalogue (products, menus, plans, delivery areas, checkout add-ons) into an
   * empty database: how a live store starts from a catalogue it then edits in the admin. Demo mode
   * seeds it with SEED_DEMO_DATA anyway.
   */
  SEED_DEMO_CATALOGUE: flag.default(false),
  /** Demo accounts have published passwords: seeded in demo mode unless false, never in live mode. */
  SEED_DEMO_ACCOUNTS: flag.optional(),
  SITE_URL: z.url({ error: 'SITE_URL must be an absolute URL such as https://shop.example.com' }).optional(),
  SITE_NAME: z.string().min(1).default('Sprout & Spoon'),
  /** Storefront origins allowed to call a standalone API (CORS and Origin checks). */
  ALLOWED_ORIGINS: commaList
    .pipe(z.array(z.url({ error: 'ALLOWED_ORIGINS must be a comma-separated list of absolute URLs' })))
    .default([]),
  /**
   * How many proxies in front of the server to believe about the client address
   * (X-Forwarded-For). 0 trusts none: never trust headers anyone can send.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** When set, the storefront calls this API over HTTP instead of in-process. */
  API_URL: z.url().optional(),
  /** smtp(s)://user:pass@host:port — required in live mode; unset in demo mode: mail is only read at /dev/mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sprout & Spoon <hello@sproutandspoon.example>'),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // ─── Mail delivery (docs/decisions/008 "Delivery") ─────────────────────────────────────────
  /** Messages each process sends at once: a slow or hung one holds a slot, never the queue. */
  MAIL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Time to connect to the SMTP server and hear its greeting. */
  SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /** Silence the SMTP server may keep after any command (DATA's end included) before the send fails. */
  SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /**
   * The longest one message may take, start to finish; then it is retried later. A worker's claim
   * on a message lasts this plus a minute, so no send outlives its claim.
   */
  SMTP_SEND_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // ─── end of mail delivery ──────────────────────────────────────────────────────────────────
  /** How often stale card holds are released and failed captures retried. */
  CHECKOUT_JOBS_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** How often boxes past their cutoff are locked and charged, reminders sent and rows topped up. */
  RENEWAL_JOBS_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Where signed-in customers and admins are sent (same-origin paths by default). */
  ACCOUNT_SITE_URL: z.string().min(1).default('/account'),
  ADMIN_SITE_URL: z.string().min(1).default('/admin'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  /**
   * Payments (docs/decisions/011): Stripe when both keys are set, else the embedded test provider.
   * The webhook signing secret enables POST /api/payments/stripe/webhook.
   */
  /**
   * Per-client limits on writes (docs/decisions/016): requests per minute, and new carts per hour,
   * from one address. 0 turns a limit off; unset: 300 and 60, or off when NODE_ENV=test.
   */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).optional(),
  RATE_LIMIT_CART_CREATIONS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /**
   * Answers that tell whether an email has an account ("already in use", a referral's "for new
   * customers"), per client address per hour. 0 turns it off; unset: 100 (sized for a shared office
   * or carrier address, docs/decisions/016), or off when NODE_ENV=test.
   */
  RATE_LIMIT_EMAIL_CHECKS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /**
   * Per-account sign-in limits in a 15-minute window: wrong passwords before sign-in locks, and
   * emailed codes. They cannot be turned off. The browser journeys raise them, because a retried
   * journey signs the one demo customer in again (docs/decisions/016).
   */
  RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES: z.coerce.number().int().min(1).max(100).default(5),
  RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES: z.coerce.number().int().min(1).max(100).default(3),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, {
      error: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
    })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, {
      error: 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)',
    })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)' })
    .optional(),
  // Marketing and error reporting (docs/decisions/026): the tag manager, the data layer, Sentry.
  GTM_ID: z
    .string()
    .regex(GTM_ID_PATTERN, {
      error: 'GTM_ID must be a Google Tag Manager id: GTM- then digits or capitals (GTM-AB12CD)',
    })
    .optional(),
  DATA_LAYER_NAME: z
    .string()
    .regex(/^[A-Za-z_$][\w$]{0,49}$/, {
      error: 'DATA_LAYER_NAME must be a JavaScript identifier such as dataLayer',
    })
    .default(DEFAULT_DATA_LAYER_NAME),
  DATA_LAYER_VIEW_EVENT: z
    .string()
    .regex(/^[\w.-]{1,50}$/, { error: 'DATA_LAYER_VIEW_EVENT must be an event name such as content-view' })
    .default(DEFAULT_VIEW_EVENT),
  SENTRY_DSN: z
    .url({ error: 'SENTRY_DSN must be a Sentry DSN such as https://key@o1.ingest.sentry.io/2' })
    .optional(),
  ERROR_REPORTS_MAX_EVENTS: z.coerce
    .number()
    .int()
    .min(ERROR_REPORTS_MAX_EVENTS_RANGE.min, { error: 'ERROR_REPORTS_MAX_EVENTS must be 1 to 100' })
    .max(ERROR_REPORTS_MAX_EVENTS_RANGE.max, { error: 'ERROR_REPORTS_MAX_EVENTS must be 1 to 100' })
    .default(ERROR_REPORTS_DEFAULT_MAX_EVENTS),
});

export const SOCIAL_PROVIDERS = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  apple: 'https://appleid.apple.com',
} as const;
export type SocialProviderName = keyof typeof SOCIAL_PROVIDERS;
export type SocialProviderConfig = {
  name: SocialProviderName;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

export type StoreMode = 'demo' | 'live';

export type Config = z.infer<typeof configSchema> & {
  STORE_MODE: StoreMode;
  SITE_URL: string;
  SEED_DEMO_DATA: boolean;
  SEED_DEMO_ACCOUNTS: boolean;
  RATE_LIMIT_WRITES_PER_MINUTE: number;
  RATE_LIMIT_CART_CREATIONS_PER_HOUR: number;
  RATE_LIMIT_EMAIL_CHECKS_PER_HOUR: number;
  /** Providers offered for social sign-in: only those with OAUTH_<NAME>_CLIENT_ID and _SECRET set. */
  SOCIAL_PROVIDERS: SocialProviderConfig[];
};

function socialProvidersFrom(env: Record<string, string | undefined>): SocialProviderConfig[] {
  return (Object.keys(SOCIAL_PROVIDERS) as SocialProviderName[]).flatMap((name) => {
    const prefix = `OAUTH_${name.toUpperCase()}`;
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (!clientId || !clientSecret) return [];
    return [{ name, clientId, clientSecret, issuer: env[`${prefix}_ISSUER`] ?? SOCIAL_PROVIDERS[name] }];
  });
}

export class ConfigError extends Error {}

/** Half a Stripe configuration would silently fall back to the test provider: refuse it instead. */
function stripeKeysPaired(config: z.infer<typeof configSchema>): boolean {
  return (config.STRIPE_SECRET_KEY === undefined) === (config.STRIPE_PUBLISHABLE_KEY === undefined);
}

function configError(lines: string[]): ConfigError {
  return new ConfigError(
    `Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}\nSee .env.example for every setting.`,
  );
}

/** A local rehearsal of live mode may run on plain http, but only on this machine. */
function isLocalHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** What live mode cannot run without: one line per missing or unsafe setting. */
function liveModeProblems(config: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (!config.SMTP_URL) problems.push('SMTP_URL: live mode sends real mail: set an smtp:// or smtps:// URL');
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY) {
    problems.push(
      'STRIPE_SECRET_KEY: live mode takes real payments: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    );
  }
  if (config.SEED_DEMO_DATA === true) {
    problems.push(
      'SEED_DEMO_DATA: live mode never seeds the demo (its promo codes, partnership, referral code, accounts and orders): remove it, and set SEED_DEMO_CATALOGUE=true to start from the demo catalogue',
    );
  }
  if (!config.SITE_URL) {
    problems.push('SITE_URL: live mode needs the public https address of the store');
  } else {
    const site = new URL(config.SITE_URL);
    if (site.protocol !== 'https:' && !isLocalHttp(site)) {
      problems.push('SITE_URL: live mode needs an https address (http only for localhost)');
    }
  }
  return problems;
}

/**
 * A production process must say which mode it runs in: a forgotten setting must not open the demo
 * doors (published admin password, public mailbox) on the internet. Elsewhere demo is the default.
 */
function storeModeOf(config: z.infer<typeof configSchema>): StoreMode | undefined {
  if (config.STORE_MODE) return config.STORE_MODE;
  return config.NODE_ENV === 'production' ? undefined : 'demo';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw configError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  if (!stripeKeysPaired(parsed.data)) {
    throw configError([
      'STRIPE_SECRET_KEY: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY together, or neither',
    ]);
  }
  if (parsed.data.SHUTDOWN_DRAIN_DELAY_MS >= parsed.data.SHUTDOWN_TIMEOUT_MS) {
    throw configError([
      'SHUTDOWN_DRAIN_DELAY_MS: the drain delay must be shorter than SHUTDOWN_TIMEOUT_MS, which leaves the time to finish the requests',
    ]);
  }
  const mode = storeModeOf(parsed.data);
  if (!mode) {
    throw configError([
      'STORE_MODE: set STORE_MODE=live for a real store or STORE_MODE=demo for a demonstration (npm start does)',
    ]);
  }
  if (mode === 'live') {
    const problems = liveModeProblems(parsed.data);
    if (problems.length > 0) throw configError(problems);
  }
  return {
    ...parsed.data,
    STORE_MODE: mode,
    SITE_URL: parsed.data.SITE_URL ?? `http://localhost:${parsed.data.PORT}`,
    SEED_DEMO_DATA: mode === 'demo' && (parsed.data.SEED_DEMO_DATA ?? true),
    SEED_DEMO_ACCOUNTS: mode === 'demo' && (parsed.data.SEED_DEMO_ACCOUNTS ?? true),
    SOCIAL_PROVIDERS: socialProvidersFrom(env),
    RATE_LIMIT_WRITES_PER_MINUTE:
      parsed.data.RATE_LIMIT_WRITES_PER_MINUTE ?? (parsed.data.NODE_ENV === 'test' ? 0 : 300),
    RATE_LIMIT_CART_CREATIONS_PER_HOUR:
      parsed.data.RATE_LIMIT_CART_CREATIONS_PER_HOUR ?? (parsed.data.NODE_ENV === 'test' ? 0 : 60),
    RATE_LIMIT_EMAIL_CHECKS_PER_HOUR:
      parsed.data.RATE_LIMIT_EMAIL_CHECKS_PER_HOUR ??
      (parsed.data.NODE_ENV === 'test' ? 0 : EMAIL_CHECKS_PER_HOUR_DEFAULT),
  };
}
