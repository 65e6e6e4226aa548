import { verify } from '@node-rs/argon2';
import {
  EMAIL_CHANGE_CODE_MINUTES,
  EMAIL_OF_ANOTHER_ACCOUNT_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  type LoginResult,
  RESET_LINK_INVALID_MESSAGE,
  RESET_REQUESTS_PER_CLIENT_MESSAGE,
  RESET_REQUESTS_PER_CLIENT_PER_HOUR,
  WRONG_PASSWORD_MESSAGE,
} from '@sprout/contracts';
import { type Database, hashPassword, type StatementPart } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import { SESSION_DAYS, TRUSTED_DEVICE_DAYS } from '../../http/cookies';
import type { Job } from '../../lib/jobs';
import { readOncePerPage } from '../../lib/page-reads';
import { recordAdminAction } from '../../platform/audit/service';
import * as limits from '../../platform/limits/service';
import {
  emailChangeCodeMail,
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationCodeMail,
} from '../../platform/mail/templates';
import * as repository from './repository';
import { hashCode, hashToken, randomToken, sameHash, sixDigitCode } from './tokens';

/**
 * What auth asks of the accounts module (the account's email and password hash): auth imports no
 * other module, so app.ts and the flows in workflows/ hand these over (docs/decisions/048).
 */
export type AccountsForAuth = {
  findAccount: (
    db: Database,
    userId: number,
  ) => Promise<{ id: number; email: string; passwordHash: string | null }>;
  emailsOfAccounts: (db: Database, userIds: number[]) => Promise<Map<number, string>>;
  isEmailOfAccount: (db: Database, email: string, exceptUserId: number | null) => Promise<boolean>;
  setEmail: (tx: Database, userId: number, email: string) => Promise<boolean>;
  setPasswordHash: (tx: Database, userId: number, passwordHash: string) => Promise<unknown>;
};

/** An act-as session's end is audited with the customer's email. */
export type AccountEmails = Pick<AccountsForAuth, 'emailsOfAccounts'>;

export const CODE_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

/** Per account in 15 minutes, from the config (RATE_LIMIT_SIGN_IN_*: 5 and 3 unless raised). */
export type SignInLimits = { failuresPer15Minutes: number; codesPer15Minutes: number };

const loginLimit = (max: number): limits.Limit => ({
  kind: 'login_failure',
  max,
  windowMinutes: 15,
  message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
});
const codeLimit = (max: number): limits.Limit => ({
  kind: 'code_sent',
  max,
  windowMinutes: 15,
  message: 'We have sent several codes already. Please wait 15 minutes before asking for another.',
});

const days = (count: number) => new Date(Date.now() + count * 86_400_000);
const minutes = (count: number) => new Date(Date.now() + count * 60_000);

/**
 * A hash to verify against when the email is unknown, so an unknown email costs the same argon2
 * work as a wrong password: the answer's timing does not reveal which emails have accounts.
 */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(randomToken());
  return decoyHash;
};

export type Mailer = {
  queue(
    db: Database,
    to: string,
    template: string,
    mail: ReturnType<typeof verificationCodeMail>,
  ): Promise<string>;
};

export type Issued = { sessionToken?: string; trustedDeviceToken?: string };

/** The login answer for a user who is now signed in (no further step). */
function signedIn(user: { isAdmin: boolean }): LoginResult {
  return {
    authenticated: true,
    nextAction: null,
    verificationId: null,
    is_admin: user.isAdmin,
    errors: null,
  };
}

async function openSession(db: Database, userId: number): Promise<string> {
  const token = randomToken();
  await repository.insertSession(db, { idHash: hashToken(token), userId, expiresAt: days(SESSION_DAYS) });
  return token;
}

/**
 * Password, then an emailed code unless this device passed one in the last 30 days. The same
 * 422 answers a wrong password and an unknown email; `limits.failuresPer15Minutes` failures lock the
 * account's sign-in (429), checked before the password so a correct guess is refused too.
 */
export async function login(
  db: Database,
  mailer: Mailer,
  input: {
    email: string;
    password: string;
    trustedDeviceToken: string | undefined;
    siteName: string;
    limits: SignInLimits;
  },
): Promise<{ result: LoginResult; issued: Issued }> {
  const subject = input.email.toLowerCase();
  // Every attempt holds a failure slot while its password is checked, so parallel guesses cannot
  // all pass the check; a right password gives its slot back.
  const attempt = await limits.reserve(db, loginLimit(input.limits.failuresPer15Minutes), subject);

  const user = await repository.findUserByEmail(db, subject);
  const passwordOk = user?.passwordHash
    ? await verify(user.passwordHash, input.password).catch(() => false)
    : await verify(await decoy(), input.password).then(() => false);
  if (!user || !passwordOk) {
    throw new AppError('validation', LOGIN_FAILED_MESSAGE, {
      fieldErrors: { email: [LOGIN_FAILED_MESSAGE] },
    });
  }
  await limits.release(db, attempt);

  if (
    input.trustedDeviceToken &&
    (await repository.isTrustedDevice(db, hashToken(input.trustedDeviceToken), user.id))
  ) {
    return {
      result: signedIn(user),
      issued: { sessionToken: await openSession(db, user.id) },
    };
  }

  const codeSlot = await limits.reserve(db, codeLimit(input.limits.codesPer15Minutes), subject);
  const verificationId = randomToken(24);
  const code = sixDigitCode();
  await db
    .transaction(async (tx) => {
      await repository.insertChallenge(tx, {
        id: verificationId,
        userId: user.id,
        codeHash: hashCode(verificationId, code),
        expiresAt: minutes(CODE_MINUTES),
      });
      await mailer.queue(
        tx,
        user.email,
        'verification_code',
        verificationCodeMail({ siteName: input.siteName, code, minutes: CODE_MINUTES }),
      );
    })
    .catch(async (error) => {
      await limits.release(db, codeSlot).catch(() => undefined);
      throw error;
    });
  return {
    result: {
      authenticated: false,
      nextAction: 'verification',
      verificationId,
      is_admin: false,
      errors: null,
    },
    issued: {},
  };
}

const codeError = (message: string) =>
  new AppError('validation', message, { fieldErrors: { code: [message] } });

/** The emailed code: 10 minutes, 5 tries, single use, bound to its login attempt. */
export async function verifyCode(
  db: Database,
  input: { code: string; verificationId: string },
): Promise<{ result: LoginResult; issued: Issued }> {
  const outcome = await db.transaction(async (tx) => {
    const row = await repository.lockChallenge(tx, input.verificationId);
    if (!row || row.challenge.usedAt || row.challenge.expiresAt.getTime() < Date.now()) {
      return { error: 'This code has expired. Please sign in again to get a new one.' } as const;
    }
    if (row.challenge.attempts >= CODE_MAX_TRIES) {
      return { error: 'Too many wrong codes. Please sign in again to get a new one.' } as const;
    }
    if (!sameHash(row.challenge.codeHash, hashCode(row.challenge.id, input.code))) {
      await repository.countFailedGuess(tx, row.challenge.id);
      const left = CODE_MAX_TRIES - row.challenge.attempts - 1;
      return {
        error:
          left > 0
            ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'Too many wrong codes. Please sign in again to get a new one.',
      } as const;
    }
    await repository.useChallenge(tx, row.challenge.id);
    const sessionToken = await openSession(tx, row.user.id);
    const trustedDeviceToken = randomToken();
    await repository.trustDevice(tx, {
      idHash: hashToken(trustedDeviceToken),
      userId: row.user.id,
      expiresAt: days(TRUSTED_DEVICE_DAYS),
    });
    return { user: row.user, sessionToken, trustedDeviceToken } as const;
  });
  // A wrong guess is counted even though the answer is an error, so it commits first.
  if ('error' in outcome) throw codeError(outcome.error!);
  return {
    result: signedIn(outcome.user),
    issued: { sessionToken: outcome.sessionToken, trustedDeviceToken: outcome.trustedDeviceToken },
  };
}

/**
 * Ends this browser's session. An act-as session signed out is an impersonation that ended; an
 * admin's own session takes every act-as session opened from it along (decision 037). Each end is
 * written to the audit log with the revocation, in one transaction.
 */
export async function logout(
  db: Database,
  accounts: AccountEmails,
  sessionToken: string | undefined,
): Promise<void> {
  if (!sessionToken || sessionToken.length > 100) return;
  await revokeAndAudit(db, accounts, hashToken(sessionToken), 'signed_out');
}

/** Why an act-as session ended, as the audit log says it. */
export type ImpersonationEndReason =
  | 'stopped'
  | 'signed_out'
  | 'admin_signed_out'
  | 'admin_session_ended'
  | 'expired'
  | 'revoked';

async function revokeAndAudit(
  db: Database,
  accounts: AccountEmails,
  idHash: string,
  ownReason: ImpersonationEndReason,
) {
  await db.transaction(async (tx) => {
    const ended = await repository.revokeSessionAndItsImpersonations(tx, idHash);
    if (ended.length === 0) return;
    const endedAt = new Date();
    await auditImpersonationEnds(
      tx,
      accounts,
      ended.map((one) => ({
        ...one,
        endedAt,
        // This session itself was the act-as one; the others were opened from this admin session.
        reason: one.idHash === idHash ? ownReason : 'admin_signed_out',
      })),
    );
  });
}

async function auditImpersonationEnds(
  tx: Database,
  accounts: AccountEmails,
  ended: { customerId: number; adminId: number; endedAt: Date; reason: ImpersonationEndReason }[],
) {
  const emails = await accounts.emailsOfAccounts(tx, [...new Set(ended.map((one) => one.customerId))]);
  for (const one of ended) {
    await recordAdminAction(tx, {
      actorUserId: one.adminId,
      action: IMPERSONATION_END_ACTION,
      entity: 'customer',
      entityId: one.customerId,
      before: { acting_as: emails.get(one.customerId) ?? null },
      after: { ended: one.reason, ended_at: one.endedAt },
    });
  }
}

export async function sessionUser(db: Database, sessionToken: string | undefined) {
  if (!sessionToken || sessionToken.length > 100) return undefined;
  const idHash = hashToken(sessionToken);
  return readOncePerPage(`session:${idHash}`, () => repository.findSession(db, idHash));
}

export const RESETS_PER_HOUR = 3;
export const RESET_MINUTES = 60;
/** Wrong or expired tokens one client may send in an hour (a guessing defence, not a mail limit). */
export const RESET_COMPLETION_FAILURES_PER_HOUR = 10;

const RESET_LIMIT: limits.Limit = {
  kind: 'reset_requested',
  max: RESETS_PER_HOUR,
  windowMinutes: 60,
  message: 'We have sent several reset emails already. Please wait an hour and try again.',
};
/** Reset mails per client address, whatever the emails: one client cannot mail every account it knows. */
const RESET_CLIENT_LIMIT: limits.Limit = {
  kind: 'reset_requested_by_client',
  max: RESET_REQUESTS_PER_CLIENT_PER_HOUR,
  windowMinutes: 60,
  message: RESET_REQUESTS_PER_CLIENT_MESSAGE,
};
const RESET_COMPLETION_LIMIT: limits.Limit = {
  kind: 'reset_completion_failure',
  max: RESET_COMPLETION_FAILURES_PER_HOUR,
  windowMinutes: 60,
  message: 'Too many reset links were tried from your connection. Please wait an hour and try again.',
};

export const LOGIN_TOKEN_SECONDS = 60;

/**
 * Mails a reset link when the email has an account. The answer is the same either way, and the
 * hourly limits count requests per client and per email whether or not an account exists, so
 * neither the answer nor the 429 tells who is a customer.
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  input: { email: string; siteUrl: string; siteName: string },
  client: { ip: string },
): Promise<void> {
  const subject = input.email.toLowerCase();
  // Counted whether or not the account exists, and before the mail, so 20 parallel asks send 3,
  // and 52 asks for 52 accounts from one client send 10.
  await limits.reserve(db, RESET_CLIENT_LIMIT, limits.clientSubject(client.ip));
  await limits.reserve(db, RESET_LIMIT, subject);
  await db.transaction(async (tx) => {
    const user = await repository.findUserByEmail(tx, subject);
    if (!user) return;
    await mailPasswordResetLink(tx, mailer, user, { url: input.siteUrl, name: input.siteName });
  });
}

/**
 * A new reset link for an account and its mail, queued in the caller's transaction: what
 * forgot-password sends, and what `npm run admin` sends a new admin to choose a password with
 * (docs/decisions/038). The caller decides who may ask; answers the queued mail's id.
 */
export async function mailPasswordResetLink(
  tx: Database,
  mailer: Mailer,
  user: { id: number; email: string },
  site: { url: string; name: string },
): Promise<string> {
  const token = randomToken();
  await repository.insertPasswordReset(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: minutes(RESET_MINUTES),
  });
  const url = new URL('/onboarding/reset-password', site.url);
  url.searchParams.set('token', token);
  url.searchParams.set('email', user.email);
  return mailer.queue(
    tx,
    user.email,
    'password_reset',
    passwordResetMail({ siteName: site.name, resetUrl: url.toString(), minutes: RESET_MINUTES }),
  );
}

/**
 * Sets the new password, spends the link, ends every session of the account, and answers a
 * one-minute, one-time token that POST /auth/token exchanges for a fresh session.
 */
export async function completePasswordReset(
  db: Database,
  accounts: Pick<AccountsForAuth, 'setPasswordHash'>,
  input: { email: string; password: string; token: string },
  client: { ip: string },
): Promise<{ access_token: string; expires_in: number }> {
  const invalidLink = () =>
    new AppError('validation', RESET_LINK_INVALID_MESSAGE, {
      fieldErrors: { token: [RESET_LINK_INVALID_MESSAGE] },
    });
  // The token first (cheap, and per client limited), the costly hash only for a usable link.
  const attempt = await limits.reserve(db, RESET_COMPLETION_LIMIT, limits.clientSubject(client.ip));
  if (!(await repository.lockUsablePasswordReset(db, hashToken(input.token), input.email)))
    throw invalidLink();
  await limits.release(db, attempt);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const reset = await repository.lockUsablePasswordReset(tx, hashToken(input.token), input.email);
    if (!reset) throw invalidLink();
    await accounts.setPasswordHash(tx, reset.userId, passwordHash);
    await repository.usePasswordReset(tx, reset.userId);
    await repository.revokeAllSessions(tx, reset.userId);
    const accessToken = randomToken();
    await repository.insertLoginToken(tx, {
      tokenHash: hashToken(accessToken),
      userId: reset.userId,
      expiresAt: new Date(Date.now() + LOGIN_TOKEN_SECONDS * 1000),
    });
    return { access_token: accessToken, expires_in: LOGIN_TOKEN_SECONDS };
  });
}

/** Exchanges a one-time token for a session (after a password reset). */
export async function exchangeLoginToken(
  db: Database,
  token: string,
): Promise<{ result: LoginResult; issued: Issued }> {
  return db.transaction(async (tx) => {
    const spent = await repository.spendLoginToken(tx, hashToken(token));
    const user = spent ? await repository.findUserById(tx, spent.userId) : undefined;
    if (!user) {
      const message = 'This sign-in link has expired. Please sign in with your password.';
      throw new AppError('validation', message, { fieldErrors: { token: [message] } });
    }
    return {
      result: signedIn(user),
      issued: { sessionToken: await openSession(tx, user.id) },
    };
  });
}

export const findUserByEmail = repository.findUserByEmail;

/** How long an admin may act as a customer before signing in again. */
export const IMPERSONATION_MINUTES = 60;

/** The audit log's actions for acting as a customer (entity `customer`, the customer's id). */
export const IMPERSONATION_START_ACTION = 'customer.impersonation_start';
export const IMPERSONATION_END_ACTION = 'customer.impersonation_end';

/**
 * An admin acts as a customer (support): a session for the customer that records which admin
 * opened it, from which of their sessions (it ends with that one: sign-out or expiry), audited
 * with the session in one transaction. Customers cannot, and admins are never impersonated.
 */
export async function startImpersonation(
  db: Database,
  admin: {
    idHash: string;
    expiresAt: Date;
    user: { id: number; isAdmin: boolean };
    impersonatorUserId: number | null;
  },
  customerId: number,
): Promise<{ sessionToken: string; expiresAt: Date; customer: { id: number; email: string } }> {
  // An impersonation session must not open another one: only the admin's own session can.
  if (!admin.user.isAdmin || admin.impersonatorUserId !== null) {
    throw new AppError('forbidden', 'Only admins can act as a customer.');
  }
  const customer = await repository.findUserById(db, customerId);
  if (!customer) throw AppError.notFound('There is no such customer.');
  if (customer.isAdmin) throw new AppError('forbidden', 'Admin accounts cannot be impersonated.');
  const token = randomToken();
  // Never past the admin's own session: it ends with it anyway, and the cookie says so too.
  const expiresAt = new Date(
    Math.min(Date.now() + IMPERSONATION_MINUTES * 60_000, admin.expiresAt.getTime()),
  );
  await db.transaction(async (tx) => {
    await repository.insertSession(tx, {
      idHash: hashToken(token),
      userId: customer.id,
      impersonatorUserId: admin.user.id,
      impersonatorSessionIdHash: admin.idHash,
      expiresAt,
    });
    await recordAdminAction(tx, {
      actorUserId: admin.user.id,
      action: IMPERSONATION_START_ACTION,
      entity: 'customer',
      entityId: customer.id,
      before: null,
      after: { acting_as: customer.email, until: expiresAt },
    });
  });
  return { sessionToken: token, expiresAt, customer: { id: customer.id, email: customer.email } };
}

/** Ends an impersonation session (the "acting as" bar's button), audited; a customer's own session is not ended here (that is logout). */
export async function endImpersonation(
  db: Database,
  accounts: AccountEmails,
  sessionToken: string | undefined,
): Promise<number> {
  const session = await sessionUser(db, sessionToken);
  if (!session || session.impersonatorUserId === null) {
    throw AppError.notFound('You are not acting as a customer.');
  }
  await revokeAndAudit(db, accounts, session.idHash, 'stopped');
  return session.impersonatorUserId;
}

/** Act-as sessions marked ended per pass of the job (the rest wait for the next pass). */
const LAPSED_IMPERSONATIONS_PER_PASS = 100;

/**
 * The job that writes down the ends nobody saw happen: an act-as session that expired, or whose
 * admin session expired or was revoked (a password change). Each is marked and audited once, in
 * one transaction, whichever replica gets there first.
 */
export function impersonationEndsJob(
  db: Database,
  accounts: AccountEmails,
  intervalMs = 60_000,
): Job<number> {
  return {
    name: 'impersonation-ends',
    intervalMs,
    run: (asOf) =>
      db.transaction(async (tx) => {
        const lapsed = await repository.markLapsedImpersonations(tx, asOf, LAPSED_IMPERSONATIONS_PER_PASS);
        if (lapsed.length > 0) await auditImpersonationEnds(tx, accounts, lapsed);
        return lapsed.length;
      }),
  };
}

/**
 * The admin's own session kept while they acted as a customer, if it is still theirs and live:
 * ending the impersonation goes back to it (one click, no second sign-in).
 */
export async function impersonatorSession(
  db: Database,
  sessionToken: string | undefined,
  impersonatorUserId: number,
): Promise<string | null> {
  const session = await sessionUser(db, sessionToken);
  if (!session || session.impersonatorUserId !== null) return null;
  if (session.user.id !== impersonatorUserId || !session.user.isAdmin) return null;
  return sessionToken ?? null;
}

/** A session for a user whose identity was proven elsewhere (a social provider). */
export async function openSessionFor(db: Database, userId: number): Promise<Issued> {
  return { sessionToken: await openSession(db, userId) };
}

/**
 * `openSessionFor` as a part of another module's statement (decision 033): checkout signs its new
 * customer in from the statement that checks the cart out. The token is good once that commits.
 */
export function sessionPartFor(userId: number): Issued & { part: StatementPart } {
  const token = randomToken();
  return {
    sessionToken: token,
    part: repository.sessionPart({ idHash: hashToken(token), userId, expiresAt: days(SESSION_DAYS) }),
  };
}

export const EMAIL_CHANGE_CODES_PER_15_MINUTES = 3;
export const PASSWORD_CHANGE_FAILURES_PER_15_MINUTES = 5;

const EMAIL_CHANGE_LIMIT: limits.Limit = {
  kind: 'email_change_code',
  max: EMAIL_CHANGE_CODES_PER_15_MINUTES,
  windowMinutes: 15,
  message: 'We have sent several codes already. Please wait 15 minutes before asking for another.',
};
const PASSWORD_CHANGE_LIMIT: limits.Limit = {
  kind: 'password_change_failure',
  max: PASSWORD_CHANGE_FAILURES_PER_15_MINUTES,
  windowMinutes: 15,
  message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
};

const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { fieldErrors: { [field]: [message] } });

/**
 * Checks the current password under a failure slot of `limit` (a wrong one keeps its slot, a right
 * one gives it back), so the profile's forms cannot be used to guess a password faster than sign-in.
 */
async function checkCurrentPassword(
  db: Database,
  user: { id: number; passwordHash: string | null },
  password: string | undefined,
): Promise<void> {
  if (!user.passwordHash) return;
  if (!password) throw fieldError('current_password', 'Enter your current password.');
  const attempt = await limits.reserve(db, PASSWORD_CHANGE_LIMIT, `user:${user.id}`);
  const ok = await verify(user.passwordHash, password).catch(() => false);
  if (!ok) throw fieldError('current_password', WRONG_PASSWORD_MESSAGE);
  await limits.release(db, attempt);
}

/** Whether an email change is waiting for its code (the profile shows where it went). */
export async function pendingEmailChange(db: Database, userId: number): Promise<string | null> {
  return (await repository.findPendingEmailChange(db, userId))?.newEmail ?? null;
}

/**
 * Starts an email change: the current password (when the account has one), an email no account
 * uses, then a code mailed to the NEW address. Nothing about the account changes yet.
 */
export async function requestEmailChange(
  db: Database,
  mailer: Mailer,
  accounts: Pick<AccountsForAuth, 'findAccount' | 'isEmailOfAccount'>,
  input: { userId: number; email: string; currentPassword: string | undefined; siteName: string },
): Promise<{ verification_id: string; pending_email: string; expires_in_minutes: number }> {
  const user = await accounts.findAccount(db, input.userId);
  const email = input.email.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) throw fieldError('email', EMAIL_UNCHANGED_MESSAGE);
  await checkCurrentPassword(db, user, input.currentPassword);
  if (await accounts.isEmailOfAccount(db, email, user.id))
    throw fieldError('email', EMAIL_OF_ANOTHER_ACCOUNT_MESSAGE);
  // Counted per account, before the mail, so parallel requests send at most the limit.
  const slot = await limits.reserve(db, EMAIL_CHANGE_LIMIT, `user:${user.id}`);
  const id = randomToken(24);
  const code = sixDigitCode();
  await db
    .transaction(async (tx) => {
      await repository.insertEmailChange(tx, {
        id,
        userId: user.id,
        newEmail: email,
        codeHash: hashCode(id, code),
        expiresAt: minutes(EMAIL_CHANGE_CODE_MINUTES),
      });
      await mailer.queue(
        tx,
        email,
        'email_change_code',
        emailChangeCodeMail({ siteName: input.siteName, code, minutes: EMAIL_CHANGE_CODE_MINUTES }),
      );
    })
    .catch(async (error) => {
      await limits.release(db, slot).catch(() => undefined);
      throw error;
    });
  return { verification_id: id, pending_email: email, expires_in_minutes: EMAIL_CHANGE_CODE_MINUTES };
}

/**
 * The code from the new address: 30 minutes, 5 tries, once, only the latest request's code. The
 * email changes only now, if no other account took it meanwhile; the old address is told.
 */
export async function confirmEmailChange(
  db: Database,
  mailer: Mailer,
  accounts: Pick<AccountsForAuth, 'findAccount' | 'setEmail'>,
  input: { userId: number; verificationId: string; code: string; siteName: string; siteUrl: string },
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const change = await repository.lockEmailChange(tx, input.verificationId, input.userId);
    if (!change || change.usedAt || change.expiresAt.getTime() < Date.now()) {
      return { error: 'This code has expired. Ask for a new one.' } as const;
    }
    if (change.attempts >= CODE_MAX_TRIES) {
      return { error: 'Too many wrong codes. Ask for a new one.' } as const;
    }
    if (!sameHash(change.codeHash, hashCode(change.id, input.code))) {
      await repository.countEmailChangeGuess(tx, change.id);
      const left = CODE_MAX_TRIES - change.attempts - 1;
      return {
        error:
          left > 0
            ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'Too many wrong codes. Ask for a new one.',
      } as const;
    }
    const user = await accounts.findAccount(tx, input.userId);
    await repository.useEmailChange(tx, change.id);
    return { oldEmail: user.email, newEmail: change.newEmail } as const;
  });
  // A wrong guess is counted even though the answer is an error, so it commits first.
  if ('error' in outcome) throw codeError(outcome.error!);
  await db.transaction(async (tx) => {
    if (!(await accounts.setEmail(tx, input.userId, outcome.newEmail)))
      throw fieldError('code', EMAIL_OF_ANOTHER_ACCOUNT_MESSAGE);
    await mailer.queue(
      tx,
      outcome.oldEmail,
      'email_changed',
      emailChangedMail({
        siteName: input.siteName,
        newEmail: outcome.newEmail,
        contactUrl: new URL('/contact-us', input.siteUrl).href,
      }),
    );
  });
}

/**
 * A new password for a signed-in customer: the current one first (its failures are limited), then
 * argon2id, and every other session of the account ends; this browser stays signed in.
 */
export async function changePassword(
  db: Database,
  mailer: Mailer,
  accounts: Pick<AccountsForAuth, 'findAccount' | 'setPasswordHash'>,
  input: {
    userId: number;
    sessionIdHash: string;
    currentPassword: string;
    password: string;
    siteName: string;
    siteUrl: string;
  },
): Promise<void> {
  const user = await accounts.findAccount(db, input.userId);
  if (!user.passwordHash) {
    throw fieldError(
      'current_password',
      'Your account has no password yet. Use "Forgot password" on the sign-in page to choose one.',
    );
  }
  await checkCurrentPassword(db, user, input.currentPassword);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await accounts.setPasswordHash(tx, user.id, passwordHash);
    await repository.revokeOtherSessions(tx, user.id, input.sessionIdHash);
    await mailer.queue(
      tx,
      user.email,
      'password_changed',
      passwordChangedMail({
        siteName: input.siteName,
        resetUrl: new URL('/onboarding/forgot-password', input.siteUrl).toString(),
      }),
    );
  });
}
