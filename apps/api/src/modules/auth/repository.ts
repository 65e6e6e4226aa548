import type { Database } from '@sprout/db';
import { partPlaceholder, preparedQuery, type StatementPart, schema } from '@sprout/db';
import { and, desc, eq, gt, isNull, ne, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { loginChallenges, referralCodes, sessions, trustedDevices, users } = schema;

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function insertSession(
  db: Database,
  session: {
    idHash: string;
    userId: number;
    expiresAt: Date;
    /** An act-as session: the admin, and the admin's own session it lives with. */
    impersonatorUserId?: number;
    impersonatorSessionIdHash?: string;
  },
) {
  // Every sign-in and checkout writes one: built once and prepared (decision 022).
  await sessionInsertQuery(db, { impersonatorUserId: null, impersonatorSessionIdHash: null, ...session });
}

type NewSession = Parameters<typeof insertSession>[1];

/** The session's values, each from `placeholder(key)`: one text for the statement and the part. */
const newSessionValues = (placeholder: (key: string) => Placeholder) =>
  Object.fromEntries(
    ['idHash', 'userId', 'expiresAt', 'impersonatorUserId', 'impersonatorSessionIdHash'].map((key) => [
      key,
      placeholder(key),
    ]),
  ) as unknown as typeof sessions.$inferInsert;

const sessionInsertQuery = preparedQuery('auth_insert_session', (db) =>
  db.insert(sessions).values(newSessionValues((key) => sql.placeholder(key))),
);

/** The same new session as a part of another module's statement (decision 033). */
export function sessionPart(session: NewSession): StatementPart {
  const name = 'auth_session';
  return {
    name,
    build: (db) =>
      db
        .insert(sessions)
        .values(newSessionValues((key) => partPlaceholder(name, key)))
        .getSQL(),
    values: { impersonatorUserId: null, impersonatorSessionIdHash: null, ...session },
  };
}

/** The admin's own session, beside an act-as session that lives only while it does. */
const adminSessions = alias(sessions, 'admin_sessions');

/** A live session: an act-as session also needs the admin's session it was opened from to be live. */
export async function findSession(db: Database, idHash: string) {
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      expiresAt: sessions.expiresAt,
      impersonatorUserId: sessions.impersonatorUserId,
      user: users,
      referralCode: referralCodes.code,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(referralCodes, eq(referralCodes.userId, users.id))
    .leftJoin(adminSessions, eq(adminSessions.idHash, sessions.impersonatorSessionIdHash))
    .where(
      and(
        eq(sessions.idHash, idHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        or(
          isNull(sessions.impersonatorUserId),
          and(isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, sql`now()`)),
        ),
      ),
    );
  return row;
}

/** An act-as session whose end this statement wrote down (the audit log's entry comes from it). */
export type EndedImpersonation = {
  idHash: string;
  customerId: number;
  adminId: number;
  endedAt: Date;
  reason: 'revoked' | 'expired' | 'admin_session_ended';
};

/**
 * Ends a session (sign-out, the stop button) and every act-as session opened from it (an admin's
 * sign-out), in one statement under row locks: answers the act-as sessions whose end nobody had
 * written down yet, so each end is audited once.
 */
export async function revokeSessionAndItsImpersonations(
  db: Database,
  idHash: string,
): Promise<{ idHash: string; customerId: number; adminId: number }[]> {
  const result = await db.execute(sql`
    with target as (
      select ${sessions.idHash} as id_hash,
             (${sessions.impersonatorUserId} is not null and ${sessions.impersonationEndedAt} is null) as ends_impersonation
      from ${sessions}
      where ${sessions.idHash} = ${idHash}
         or (${sessions.impersonatorSessionIdHash} = ${idHash} and ${sessions.impersonationEndedAt} is null)
      for update
    )
    update ${sessions} set
      revoked_at = coalesce(${sessions.revokedAt}, now()),
      impersonation_ended_at = case when target.ends_impersonation then now() else ${sessions.impersonationEndedAt} end
    from target
    where ${sessions.idHash} = target.id_hash
    returning ${sessions.idHash} as id_hash, ${sessions.userId} as user_id,
              ${sessions.impersonatorUserId} as impersonator_user_id, target.ends_impersonation`);
  const rows = (
    result as unknown as {
      rows: {
        id_hash: string;
        user_id: number;
        impersonator_user_id: number | null;
        ends_impersonation: boolean;
      }[];
    }
  ).rows;
  return rows
    .filter((row) => row.ends_impersonation && row.impersonator_user_id !== null)
    .map((row) => ({
      idHash: row.id_hash,
      customerId: Number(row.user_id),
      adminId: Number(row.impersonator_user_id),
    }));
}

/**
 * Act-as sessions that ended without anyone writing it down (they expired, or the admin's session
 * expired or was revoked by a password change): marks up to `limit` of them, each with when and why
 * it ended, skipping rows another replica holds. `asOf` null: the database's now.
 */
export async function markLapsedImpersonations(
  db: Database,
  asOf: Date | null,
  limit: number,
): Promise<EndedImpersonation[]> {
  const now = sql`coalesce(${asOf?.toISOString() ?? null}::timestamptz, now())`;
  const result = await db.execute(sql`
    with lapsed as (
      select s.id_hash,
             least(s.revoked_at, s.expires_at, a.revoked_at, a.expires_at,
                   case when a.id_hash is null then s.created_at end) as ended_at,
             s.revoked_at as own_revoked_at, s.expires_at as own_expires_at
      from ${sessions} s
      left join ${sessions} a on a.id_hash = s.impersonator_session_id_hash
      where s.impersonator_user_id is not null and s.impersonation_ended_at is null
        and (s.revoked_at is not null or s.expires_at <= ${now} or a.id_hash is null
             or a.revoked_at is not null or a.expires_at <= ${now})
      order by s.expires_at
      limit ${limit}
      for update of s skip locked
    )
    update ${sessions} set
      impersonation_ended_at = lapsed.ended_at,
      revoked_at = coalesce(${sessions.revokedAt}, lapsed.ended_at)
    from lapsed
    where ${sessions.idHash} = lapsed.id_hash
    returning ${sessions.idHash} as id_hash, ${sessions.userId} as user_id,
              ${sessions.impersonatorUserId} as impersonator_user_id, lapsed.ended_at,
              case when lapsed.ended_at = lapsed.own_revoked_at then 'revoked'
                   when lapsed.ended_at = lapsed.own_expires_at then 'expired'
                   else 'admin_session_ended' end as reason`);
  const rows = (
    result as unknown as {
      rows: {
        id_hash: string;
        user_id: number;
        impersonator_user_id: number;
        ended_at: string | Date;
        reason: EndedImpersonation['reason'];
      }[];
    }
  ).rows;
  return rows.map((row) => ({
    idHash: row.id_hash,
    customerId: Number(row.user_id),
    adminId: Number(row.impersonator_user_id),
    endedAt: new Date(row.ended_at),
    reason: row.reason,
  }));
}

export async function revokeAllSessions(db: Database, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function isTrustedDevice(db: Database, idHash: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ idHash: trustedDevices.idHash })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.idHash, idHash),
        eq(trustedDevices.userId, userId),
        gt(trustedDevices.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}

export async function trustDevice(db: Database, device: { idHash: string; userId: number; expiresAt: Date }) {
  await db.insert(trustedDevices).values(device).onConflictDoNothing();
}

export async function insertChallenge(
  db: Database,
  challenge: { id: string; userId: number; codeHash: string; expiresAt: Date },
) {
  await db.insert(loginChallenges).values(challenge);
}

/** Locks the challenge so two concurrent guesses cannot both be counted as the fifth. */
export async function lockChallenge(db: Database, id: string) {
  const [row] = await db
    .select({ challenge: loginChallenges, user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(eq(loginChallenges.id, id))
    .for('update', { of: loginChallenges });
  return row;
}

export async function countFailedGuess(db: Database, id: string) {
  await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id));
}

export async function useChallenge(db: Database, id: string) {
  await db.update(loginChallenges).set({ usedAt: sql`now()` }).where(eq(loginChallenges.id, id));
}

export async function insertPasswordReset(
  db: Database,
  reset: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await db.insert(schema.passwordResets).values(reset);
}

/** The reset row for this token, if it is for this email, unused and unexpired (locked). */
export async function lockUsablePasswordReset(db: Database, tokenHash: string, email: string) {
  const { passwordResets } = schema;
  const [row] = await db
    .select({ tokenHash: passwordResets.tokenHash, userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        sql`lower(${users.email}) = lower(${email})`,
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .for('update', { of: passwordResets });
  return row;
}

export async function usePasswordReset(db: Database, userId: number) {
  const { passwordResets } = schema;
  // Using one link spends every other outstanding link of this account too.
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function insertLoginToken(
  db: Database,
  token: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await db.insert(schema.loginTokens).values(token);
}

/** Spends a one-time sign-in token; answers its user when it was valid. */
export async function spendLoginToken(db: Database, tokenHash: string) {
  const { loginTokens } = schema;
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginTokens.tokenHash, tokenHash),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: loginTokens.userId });
  return row;
}

export async function findUserById(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertOAuthState(db: Database, state: typeof schema.oauthStates.$inferInsert) {
  await db.insert(schema.oauthStates).values(state);
}

/** Spends a pending social sign-in: its row, once, while it has not expired. */
export async function takeOAuthState(db: Database, stateHash: string, provider: string) {
  const { oauthStates } = schema;
  const [pending] = await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.provider, provider),
        gt(oauthStates.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return pending;
}

/** Ends every session of the account but the one named (a password change keeps its own browser). */
export async function revokeOtherSessions(db: Database, userId: number, keepIdHash: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.idHash, keepIdHash)));
}

export async function insertEmailChange(db: Database, change: typeof schema.emailChanges.$inferInsert) {
  const { emailChanges } = schema;
  // A new request replaces the ones before it: only the latest code can change the email.
  await db
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(change);
}

/** The account's newest email change still waiting for its code, if any. */
export async function findPendingEmailChange(db: Database, userId: number) {
  const { emailChanges } = schema;
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row;
}

/** Locks the change so two concurrent guesses cannot both be counted as the fifth. */
export async function lockEmailChange(db: Database, id: string, userId: number) {
  const { emailChanges } = schema;
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.id, id), eq(emailChanges.userId, userId)))
    .for('update');
  return row;
}

export async function countEmailChangeGuess(db: Database, id: string) {
  const { emailChanges } = schema;
  await db
    .update(emailChanges)
    .set({ attempts: sql`${emailChanges.attempts} + 1` })
    .where(eq(emailChanges.id, id));
}

export async function useEmailChange(db: Database, id: string) {
  const { emailChanges } = schema;
  await db.update(emailChanges).set({ usedAt: sql`now()` }).where(eq(emailChanges.id, id));
}
