import { ADMIN_GRANT_ACTION, INVALID_EMAIL_MESSAGE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors/app-error';
import { grantAdminAccess } from '../src/workflows/admin-grant';
import { getJson, injectJson, startTestApp, type TestContext, uniqueEmail } from './helpers';

/**
 * `npm run admin` (docs/decisions/038) is this workflow run from a shell: a live store seeds no
 * account, so it is how a store gets an admin. The command itself runs as a process in
 * apps/web/test/server/admin-command.test.ts.
 */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const grant = (input: unknown) =>
  grantAdminAccess(
    {
      db: context.database.db,
      mailer: context.app.mailer,
      site: { url: 'http://localhost:3000', name: 'Sprout & Spoon' },
    },
    input,
  );

const post = (url: string, body: unknown, cookie?: string) =>
  injectJson(context.app, 'POST', url, body, cookie);

type Mail = { subject: string; text: string };
async function mailsTo(email: string): Promise<Mail[]> {
  await context.app.mailer.worker.drain();
  return (await getJson(context.app, `/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).body.data;
}

const accountOf = async (email: string) =>
  (
    await context.database.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = lower(${email})`)
  )[0];

const grantsOf = (userId: number) =>
  context.database.db
    .select()
    .from(schema.adminAuditEntries)
    .where(eq(schema.adminAuditEntries.entityId, String(userId)));

/** The emailed link, followed as the owner would: a new password, then signed in. */
async function setPasswordFromLink(mail: Mail, password: string): Promise<string> {
  const link = new URL(mail.text.match(/https?:\/\/\S+\/onboarding\/reset-password\?\S+/)![0]);
  const done = await post('/auth/completed-password-resets', {
    email: link.searchParams.get('email'),
    token: link.searchParams.get('token'),
    password,
    password_confirmation: password,
  });
  expect(done.statusCode, done.body).toBe(200);
  const exchanged = await post('/auth/token', { token: done.json().access_token });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  expect(exchanged.json().is_admin).toBe(true);
  return `sid=${String(exchanged.headers['set-cookie']).match(/sid=([^;]+)/)![1]}`;
}

describe('making an admin from the shell (npm run admin)', () => {
  it('a new email: an admin account without a password, audited, mailed the reset link; the owner sets a password and is in the admin', async () => {
    const email = uniqueEmail('owner');
    const granted = await grant({ email, first_name: 'Ada', last_name: 'Lovelace' });
    expect(granted).toMatchObject({ email, was: 'none', linkMinutes: 60 });

    const account = await accountOf(email);
    expect(account).toMatchObject({
      isAdmin: true,
      passwordHash: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const audit = await grantsOf(account!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: account!.id,
      action: ADMIN_GRANT_ACTION,
      entity: 'customer',
      before: null,
      after: { email, is_admin: true, by: 'npm run admin' },
    });

    // The mail forgot-password sends, with its link and its hour.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/password/i);
    expect(mails[0]!.text).toContain('60 minutes');
    // No password was ever set: none signs in.
    expect((await post('/auth', { email, password: 'anything-at-all' })).statusCode).toBe(422);

    const cookie = await setPasswordFromLink(mails[0]!, 'the-owners-own-secret');
    const customers = await context.app.inject({
      method: 'GET',
      url: '/api/admin/customers',
      headers: { cookie },
    });
    expect(customers.statusCode).toBe(200);
    // The audit log shows it to the admins, the account named as its own actor.
    const log = await context.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=customer&entity_id=${account!.id}`,
      headers: { cookie },
    });
    expect(log.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: ADMIN_GRANT_ACTION, actor_email: email })]),
    );
  });

  it('an existing customer is promoted as they are (any case of the email), and audited with what they were', async () => {
    const email = uniqueEmail('customer');
    const [customer] = await context.database.db
      .insert(schema.users)
      .values({ email, firstName: 'Robin', lastName: 'Hood', passwordHash: 'kept' })
      .returning();
    const granted = await grant({ email: email.toUpperCase(), first_name: 'Other' });
    expect(granted).toMatchObject({ userId: customer!.id, email, was: 'customer' });
    expect(await accountOf(email)).toMatchObject({ isAdmin: true, firstName: 'Robin', passwordHash: 'kept' });
    const [entry] = await grantsOf(customer!.id);
    expect(entry).toMatchObject({ before: { email, is_admin: false }, after: { email, is_admin: true } });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('run twice: "already an admin", nothing more changed or audited, a new link that works', async () => {
    const email = uniqueEmail('twice');
    const first = await grant({ email });
    const second = await grant({ email });
    expect(second).toMatchObject({ userId: first.userId, was: 'admin' });
    expect(second.mailId).not.toBe(first.mailId);
    expect(await grantsOf(first.userId)).toHaveLength(1);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    // Newest first: the second link sets the password.
    await setPasswordFromLink(mails[0]!, 'a-second-link-works');
  });

  it('runs twice at once: one account, one audit entry, two links', async () => {
    const email = uniqueEmail('race');
    const both = await Promise.all([grant({ email }), grant({ email })]);
    expect(new Set(both.map((each) => each.userId)).size).toBe(1);
    expect(both.map((each) => each.was).sort()).toEqual(['admin', 'none']);
    expect(await grantsOf(both[0].userId)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('a bad email is a validation error in the words of the contract, and nothing is written', async () => {
    const usersBefore = await context.database.db.$count(schema.users);
    for (const email of ['not-an-email', '', 'owner@', `${'x'.repeat(300)}@example.com`]) {
      const refused = await grant({ email }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).kind).toBe('validation');
      expect((refused as AppError).fieldErrors?.email?.[0]).toMatch(
        email === '' ? /required/i : new RegExp(INVALID_EMAIL_MESSAGE),
      );
    }
    const tooLong = await grant({ email: uniqueEmail('name'), first_name: 'x'.repeat(101) }).catch(
      (error: unknown) => error,
    );
    expect((tooLong as AppError).fieldErrors?.first_name?.[0]).toBe('At most 100 characters');
    expect(await context.database.db.$count(schema.users)).toBe(usersBefore);
  });
});
