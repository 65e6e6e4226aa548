import type { Database } from '@sprout/db';
import { partPlaceholder, preparedQuery, type StatementPart, schema } from '@sprout/db';
import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';

const { mailMessages } = schema;
export type MailRow = typeof mailMessages.$inferSelect;

export async function insertMail(
  db: Database,
  mail: {
    id: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    template: string;
    headers?: Record<string, string> | undefined;
    priority: number;
    /** The event it stands for: a second mail with the same key is not queued. */
    eventKey: string | null;
  },
): Promise<void> {
  // Queued inside many transactions (checkout's among them): built once and prepared (decision 022).
  await insertMailQuery(db, { ...mail, headers: mail.headers ?? {} });
}

type NewMail = Parameters<typeof insertMail>[1];

/** The queued row's values, each from `placeholder(key)`: one text for the statement and the part. */
const newMailValues = (placeholder: (key: string) => Placeholder) =>
  Object.fromEntries(
    ['id', 'to', 'subject', 'html', 'text', 'template', 'headers', 'priority', 'eventKey'].map((key) => [
      key,
      placeholder(key),
    ]),
  ) as unknown as typeof mailMessages.$inferInsert;

const insertMailQuery = preparedQuery('mail_insert', (db) =>
  db
    .insert(mailMessages)
    .values(newMailValues((key) => sql.placeholder(key)))
    // A keyed event already queued (by another job run or replica): the first mail stands.
    .onConflictDoNothing({ target: mailMessages.eventKey }),
);

/** The same queued mail as a part of another module's statement (decision 033). */
export function queuedMailPart(mail: NewMail): StatementPart {
  const name = 'mail_queued';
  return {
    name,
    build: (db) =>
      db
        .insert(mailMessages)
        .values(newMailValues((key) => partPlaceholder(name, key)))
        .onConflictDoNothing({ target: mailMessages.eventKey })
        .getSQL(),
    values: { ...mail, headers: mail.headers ?? {} },
  };
}

/**
 * Claims up to `limit` due messages for this worker, those someone waits for on screen first. The
 * claim is a lease: the row's available_at moves `leaseSeconds` past the database's now(), so a
 * worker that dies mid-send gives its messages back when it expires, and no other worker takes
 * them before. Both the due time and the lease are the database's real now(), never a job clock's
 * as-of: `npm run jobs -- --as-of=<tomorrow>` must not see another process's claim as expired.
 */
export async function claimDueMail(db: Database, limit: number, leaseSeconds: number): Promise<MailRow[]> {
  const result = await db.execute(sql`
    update ${mailMessages}
    set attempts = attempts + 1, available_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${mailMessages}
      where status = 'queued' and available_at <= now()
      order by priority, created_at
      limit ${limit}
      for update skip locked)
    returning id, "to", subject, html, text, template, headers, attempts`);
  return (result as unknown as { rows: MailRow[] }).rows;
}

/** The claim `attempt` of a message, still this worker's: a row claimed since is left alone. */
const stillClaimed = (id: string, attempt: number) =>
  and(eq(mailMessages.id, id), eq(mailMessages.attempts, attempt), eq(mailMessages.status, 'queued'));

export async function markSent(db: Database, id: string, attempt: number): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(stillClaimed(id, attempt));
}

/** A failed attempt: retried later with backoff, or given up after maxAttempts. */
export async function markFailedAttempt(
  db: Database,
  id: string,
  attempt: number,
  error: string,
  giveUp: boolean,
  retryInSeconds: number,
) {
  await db
    .update(mailMessages)
    .set({
      status: giveUp ? 'failed' : 'queued',
      lastError: error.slice(0, 500),
      availableAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(stillClaimed(id, attempt));
}

export async function listMail(db: Database, filter: { to?: string | undefined; limit: number }) {
  return db
    .select()
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.status, 'sent'),
        filter.to ? sql`lower(${mailMessages.to}) = lower(${filter.to})` : undefined,
      ),
    )
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(filter.limit);
}

export async function findStatus(db: Database, id: string) {
  const [row] = await db
    .select({ status: mailMessages.status, lastError: mailMessages.lastError })
    .from(mailMessages)
    .where(eq(mailMessages.id, id));
  return row;
}
