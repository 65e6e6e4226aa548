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
  },
): Promise<void> {
  // Queued inside many transactions (checkout's among them): built once and prepared (decision 022).
  await insertMailQuery(db, { ...mail, headers: mail.headers ?? {} });
}

type NewMail = Parameters<typeof insertMail>[1];

/** The queued row's values, each from `placeholder(key)`: one text for the statement and the part. */
const newMailValues = (placeholder: (key: string) => Placeholder) =>
  Object.fromEntries(
    ['id', 'to', 'subject', 'html', 'text', 'template', 'headers'].map((key) => [key, placeholder(key)]),
  ) as unknown as typeof mailMessages.$inferInsert;

const insertMailQuery = preparedQuery('mail_insert', (db) =>
  db.insert(mailMessages).values(newMailValues((key) => sql.placeholder(key))),
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
        .getSQL(),
    values: { ...mail, headers: mail.headers ?? {} },
  };
}

/**
 * Claims up to `limit` due messages for this worker. The claim is a lease: the row's available_at
 * moves past the lease, so a worker that dies mid-send gives its messages back when it expires.
 */
export async function claimDueMail(
  db: Database,
  limit: number,
  leaseSeconds: number,
  /** The jobs' clock: null is the database's now(). */
  asOf: Date | null = null,
): Promise<MailRow[]> {
  const at = sql`coalesce(${asOf?.toISOString() ?? null}::timestamptz, now())`;
  const result = await db.execute(sql`
    update ${mailMessages}
    set attempts = attempts + 1, available_at = greatest(now(), ${at}) + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${mailMessages}
      where status = 'queued' and available_at <= ${at}
      order by created_at
      limit ${limit}
      for update skip locked)
    returning id, "to", subject, html, text, template, headers, attempts`);
  return (result as unknown as { rows: MailRow[] }).rows;
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(mailMessages.id, id));
}

/** A failed attempt: retried later with backoff, or given up after maxAttempts. */
export async function markFailedAttempt(
  db: Database,
  id: string,
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
    .where(eq(mailMessages.id, id));
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
