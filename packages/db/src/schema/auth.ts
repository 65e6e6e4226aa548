import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Server-side sessions. The cookie carries 256 random bits; only their SHA-256 is stored, so a
 * leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin acting as this customer, when impersonating. */
    impersonatorUserId: integer().references(() => users.id),
    /**
     * The admin's own session the act-as session was opened from (migration 0026): it lives only
     * while that one does, so the admin's sign-out or expiry ends it (decision 037).
     */
    impersonatorSessionIdHash: text().references((): AnyPgColumn => sessions.idHash, { onDelete: 'cascade' }),
    /** When an act-as session's end was written to the audit log: once, by whoever saw it end first. */
    impersonationEndedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.impersonatorSessionIdHash).where(sql`${t.impersonatorSessionIdHash} is not null`),
    // The act-as sessions whose end is not audited yet: what the impersonation-ends job reads.
    index('sessions_open_impersonations_index')
      .on(t.expiresAt)
      .where(sql`${t.impersonatorUserId} is not null and ${t.impersonationEndedAt} is null`),
  ],
);

/** Devices that passed a sign-in code: no code is asked again for 30 days. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId)],
);

/** A sign-in waiting for its emailed 6-digit code: bound to this login attempt, single use. */
export const loginChallenges = pgTable('login_challenges', {
  id: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Counted events for rate limits (failed logins, codes sent, reset mails, declined card payments),
 * keyed by a subject such as the lower-cased email or the cart. Shared by every replica because it lives in the database.
 */
export const authEvents = pgTable(
  'auth_events',
  {
    id: serial().primaryKey(),
    kind: text({
      enum: [
        'login_failure',
        'code_sent',
        'reset_requested',
        'reset_completion_failure',
        'payment_declined',
        'email_check',
        // The account site: codes sent to a new email, wrong current passwords.
        'email_change_code',
        'password_change_failure',
        // Gift card codes that matched no card (guessing is limited per client).
        'gift_card_miss',
        // Referral codes that matched nothing, and reset mails asked for, per client (decision 037).
        'referral_code_miss',
        'reset_requested_by_client',
      ],
    }).notNull(),
    subject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * A slot held by an attempt whose outcome is not known yet (a card being asked, migration 0023):
     * it keeps room in the window but is no event until kept (a decline) or given back.
     */
    inFlight: boolean().notNull().default(false),
  },
  (t) => [index().on(t.kind, t.subject, t.createdAt)],
);

/**
 * One-time sign-in tokens (the access_token a password reset answers): exchanged once, within
 * a minute, for a session cookie at POST /auth/token, so no long-lived secret is handed to scripts.
 */
export const loginTokens = pgTable('login_tokens', {
  tokenHash: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** An OAuth/OIDC sign-in in flight: the state, nonce and PKCE verifier live here, not in the browser. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text().primaryKey(),
  provider: text().notNull(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  abandonedCartId: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Fixed-window request counters of the per-client limit on anonymous writes (@fastify/rate-limit's
 * store): one row per (route group, client), shared by every replica.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetsAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A change of email waiting for the 6-digit code sent to the NEW address (the account site's
 * profile). The account's email changes only when the code comes back: 30 minutes, 5 tries, once.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);
