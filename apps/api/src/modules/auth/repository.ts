import type { Database } from '@sprout/db';
import { partPlaceholder, preparedQuery, type StatementPart, schema } from '@sprout/db';
import { and, desc, eq, gt, isNull, ne, type Placeholder, sql } from 'drizzle-orm';

const { loginChallenges, referralCodes, sessions, trustedDevices, users } = schema;

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function insertSession(
  db: Database,
  session: { idHash: string; userId: number; expiresAt: Date; impersonatorUserId?: number },
) {
  // Every sign-in and checkout writes one: built once and prepared (decision 022).
  await sessionInsertQuery(db, { impersonatorUserId: null, ...session });
}

type NewSession = Parameters<typeof insertSession>[1];

/** The session's values, each from `placeholder(key)`: one text for the statement and the part. */
const newSessionValues = (placeholder: (key: string) => Placeholder) =>
  Object.fromEntries(
    ['idHash', 'userId', 'expiresAt', 'impersonatorUserId'].map((key) => [key, placeholder(key)]),
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
    values: { impersonatorUserId: null, ...session },
  };
}

export async function findSession(db: Database, idHash: string) {
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      impersonatorUserId: sessions.impersonatorUserId,
      user: users,
      referralCode: referralCodes.code,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(referralCodes, eq(referralCodes.userId, users.id))
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return row;
}

export async function revokeSession(db: Database, idHash: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.idHash, idHash));
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
