import { randomUUID } from 'node:crypto';
import { createDatabase, type DatabaseHandle, schema } from '@sprout/db';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queueMail } from '../src/platform/mail/service';
import { verificationCodeMail } from '../src/platform/mail/templates';
import { startTestApp, type TestContext } from './helpers';
import { subscribedCustomer } from './renewal-helpers';

/**
 * Mail through a real SMTP server in this process (test/smtp-server.ts, the `smtp-server` package),
 * counting what it really received: deliveries must equal mails however many workers send, however
 * slow the server, whatever a future-dated `npm run jobs` does meanwhile; a hung server holds back
 * nothing but its own message, and only for the configured timeout (docs/decisions/008).
 */

const onPostgres = process.env.TEST_DB === 'postgres';
const DAY_MS = 86_400_000;
/** Every process here polls often; the SMTP timeouts are the production defaults unless a test sets them. */
const mailEnv = (smtpUrl: string): Record<string, string> => ({
  SMTP_URL: smtpUrl,
  MAIL_WORKER_INTERVAL_MS: '50',
});
/**
 * The test app's own timeouts (its worker meets the hung server): short, so a hung message costs
 * seconds, not minutes, yet long enough for a healthy send on a loaded machine. Too short, and a
 * send the server did take is cut off and retried: a second delivery (with the same Message-ID).
 */
const SEND_TIMEOUT_MS = 5_000;
const shortTimeouts = {
  SMTP_CONNECTION_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
  SMTP_SOCKET_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
  SMTP_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
};

let smtp: TestSmtpServer;
let context: TestContext;
/** Other processes of the store on the same database: replicas and `npm run jobs` runs. */
const others: { app: FastifyInstance; database?: DatabaseHandle }[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  context = await startTestApp({ env: { ...mailEnv(smtp.url), ...shortTimeouts } });
});
afterAll(async () => {
  await context?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.answer = () => ({ kind: 'accept' });
});
afterEach(async () => {
  for (const other of others.splice(0)) {
    await other.app.close();
    await other.database?.close();
  }
});

/**
 * Another process of the store on this test's database, as `npm run serve` or `npm run jobs`
 * starts it: on PostgreSQL with a pool of its own, on PGlite (one process only) sharing the handle.
 */
async function anotherProcess(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const database = onPostgres
    ? createDatabase({
        kind: 'postgres',
        url: (context.database.raw.client as pg.Pool).options.connectionString!,
        pool: { size: 5 },
      })
    : undefined;
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SITE_URL: 'http://localhost:3000', ...mailEnv(smtp.url), ...env }),
    database: database ?? context.database,
  });
  await app.ready();
  others.push({ app, database });
  return app;
}

/** A replica: its mail worker polls and sends, as in `npm run serve`. */
async function replica(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await anotherProcess(env);
  app.mailer.worker.start();
  return app;
}

const db = () => context.database.db;
/** A mail's content; the template name passed with it is what decides how it is sent. */
const sample = (code = '123456') => verificationCodeMail({ siteName: 'Sprout & Spoon', code, minutes: 10 });
const tagged = (tag: string) => (address: string) => address.startsWith(`${tag}-`);
const deliveredTo = (tag: string) => smtp.delivered.filter((mail) => mail.to.some(tagged(tag)));

async function queueTagged(tag: string, count: number, template = 'order-confirmation'): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(await queueMail(db(), `${tag}-${index}@example.com`, template, sample(String(100000 + index))));
  }
  return ids;
}

async function mailRows(tag: string) {
  return db()
    .select()
    .from(schema.mailMessages)
    .where(like(schema.mailMessages.to, `${tag}-%`));
}

/** The messages to `tag` sent more than once and why: the failure message of a count that is off. */
async function retried(tag: string): Promise<string> {
  const rows = (await mailRows(tag)).filter((row) => row.attempts > 1);
  return `retried: ${JSON.stringify(rows.map((row) => ({ to: row.to, attempts: row.attempts, lastError: row.lastError })))}`;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until every mail to `tag` is sent, then `graceMs` more: a duplicate on its way (a second
 * worker's copy) has that long to land. A slow server needs its own delay as grace.
 */
async function settled(tag: string, timeoutMs: number, graceMs = 1_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await mailRows(tag);
    if (rows.length > 0 && rows.every((row) => row.status === 'sent')) break;
    if (Date.now() > deadline) {
      throw new Error(`mail to ${tag} still unsent: ${rows.filter((row) => row.status !== 'sent').length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, graceMs));
}

describe('mail through a real SMTP server', () => {
  it('two replicas send 30 mails: exactly 30 deliveries', async () => {
    const tag = `two-${randomUUID().slice(0, 8)}`;
    await Promise.all([replica(), replica()]);
    await queueTagged(tag, 30);
    await settled(tag, 20_000);
    const delivered = deliveredTo(tag);
    expect({ deliveries: delivered.length, mails: (await mailRows(tag)).length }, await retried(tag)).toEqual(
      {
        deliveries: 30,
        mails: 30,
      },
    );
    expect(new Set(delivered.map((mail) => mail.to[0])).size).toBe(30);
  });

  it.runIf(onPostgres)(
    'a slow server (8 s a message), two replicas: deliveries equal mails',
    { timeout: 180_000 },
    async () => {
      const tag = `slow-${randomUUID().slice(0, 8)}`;
      smtp.answer = (mail) =>
        mail.to.some(tagged(tag)) ? { kind: 'accept', delayMs: 8_000 } : { kind: 'accept' };
      // Each message takes 8 s; a send may take up to 20 s before it is abandoned.
      const slowEnv = { SMTP_SEND_TIMEOUT_MS: '20000' };
      // Replica A finds ten mails waiting and claims what it takes; B starts later, gets the last
      // few and is idle long before A is done: none of A's messages may look unclaimed to B while
      // A still has it.
      await queueTagged(tag, 10);
      await replica(slowEnv);
      await until(() => smtp.received.some((mail) => mail.to.some(tagged(tag))), 10_000, 'the first send');
      await replica(slowEnv);
      await queueTagged(`${tag}-late`, 4);
      await settled(tag, 160_000, 9_000);
      expect(
        { deliveries: deliveredTo(tag).length, mails: (await mailRows(tag)).length },
        await retried(tag),
      ).toEqual({
        deliveries: 14,
        mails: 14,
      });
    },
  );

  it('two replicas and `npm run jobs` on both through a declined renewal: one delivery per mail, one mail per event', {
    timeout: 90_000,
  }, async () => {
    smtp.answer = () => ({ kind: 'accept', delayMs: 200 });
    await Promise.all([replica(), replica()]);
    const customers = [
      await subscribedCustomer(context, { card: '4000000000000341' }),
      await subscribedCustomer(context, { card: '4000000000000341' }),
    ];
    const emails = customers.map((customer) => customer.email);
    const seconds = await Promise.all(
      customers.map(
        async (customer) =>
          (
            await db()
              .select()
              .from(schema.deliveries)
              .where(eq(schema.deliveries.subscriptionId, customer.subscriptionId))
              .orderBy(schema.deliveries.deliveryDate)
          )[1]!,
      ),
    );
    const cutoff = Math.max(...seconds.map((box) => box.cutoffAt.getTime()));
    const jobsProcesses = [await anotherProcess(), await anotherProcess()];
    // The reminder, the charge (declined), its retries after 1 and 3 days (the box is canceled
    // and the subscription paused): each instant run by both replicas at once.
    for (const asOf of [cutoff - 3_600_000, cutoff, cutoff + DAY_MS, cutoff + 3 * DAY_MS]) {
      const runs = await Promise.all(jobsProcesses.map((jobs) => jobs.jobs.runAllOnce(new Date(asOf))));
      for (const outcomes of runs) expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    }
    const rowsOf = () =>
      db()
        .select({
          to: schema.mailMessages.to,
          template: schema.mailMessages.template,
          status: schema.mailMessages.status,
        })
        .from(schema.mailMessages)
        .where(inArray(schema.mailMessages.to, emails));
    await until(
      async () => (await rowsOf()).every((row) => row.status === 'sent'),
      20_000,
      'the mail to be sent',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await rowsOf();
    for (const email of emails) {
      const templates = rows
        .filter((row) => row.to === email)
        .map((row) => row.template)
        .sort();
      expect(templates).toEqual([
        'delivery-reminder',
        'order-confirmation',
        'payment-failed',
        'payment-failed',
        'subscription-paused',
      ]);
    }
    const delivered = smtp.delivered.filter((mail) => mail.to.some((to) => emails.includes(to)));
    expect({ deliveries: delivered.length, mails: rows.length }).toEqual({ deliveries: 10, mails: 10 });
  });

  it('a future-dated `npm run jobs` while replicas send: deliveries equal mails', async () => {
    const tag = `asof-${randomUUID().slice(0, 8)}`;
    smtp.answer = (mail) =>
      mail.to.some(tagged(tag)) ? { kind: 'accept', delayMs: 300 } : { kind: 'accept' };
    await Promise.all([replica(), replica()]);
    await queueTagged(tag, 20);
    await smtp.waitForDeliveries(smtp.delivered.length + 1, 10_000);
    // `npm run jobs -- --as-of=<tomorrow>`: every job once, the mail among them, as of a later day.
    const jobs = await anotherProcess();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const outcomes = await jobs.jobs.runAllOnce(tomorrow, ['mail']);
    expect(outcomes).toMatchObject([{ name: 'mail', ok: true }]);
    await settled(tag, 30_000);
    expect(
      { deliveries: deliveredTo(tag).length, mails: (await mailRows(tag)).length },
      await retried(tag),
    ).toEqual({
      deliveries: 20,
      mails: 20,
    });
  });

  it('a server silent after one message’s DATA holds back a sign-in code no longer than the send timeout', async () => {
    const tag = `silent-${randomUUID().slice(0, 8)}`;
    smtp.answer = (mail) =>
      mail.to.includes(`${tag}-hung@example.com`) ? { kind: 'silent' } : { kind: 'accept' };
    const worker = context.app.mailer.worker;
    worker.start();
    try {
      // The hung message first, a batch of ordinary mail behind it, then the code a person waits for.
      await queueMail(db(), `${tag}-hung@example.com`, 'order-confirmation', sample());
      await queueTagged(`${tag}-bulk`, 12);
      context.app.mailer.flush();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const queuedAt = Date.now();
      await queueMail(db(), `${tag}-code@example.com`, 'verification_code', sample('424242'));
      context.app.mailer.flush();
      const deliveredBefore = smtp.delivered.length;
      const deadline = Date.now() + SEND_TIMEOUT_MS + 3_000;
      while (
        !smtp.delivered.slice(deliveredBefore).some((mail) => mail.to.includes(`${tag}-code@example.com`))
      ) {
        if (Date.now() > deadline) throw new Error('the sign-in code was held back past the send timeout');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(Date.now() - queuedAt).toBeLessThan(SEND_TIMEOUT_MS + 3_000);

      // The hung message was given up after the timeout and waits for its retry.
      await expect
        .poll(
          async () => {
            const [row] = await db()
              .select()
              .from(schema.mailMessages)
              .where(eq(schema.mailMessages.to, `${tag}-hung@example.com`));
            return (
              row && {
                status: row.status,
                attempts: row.attempts,
                timedOut: /time/i.test(row.lastError ?? ''),
              }
            );
          },
          { timeout: SEND_TIMEOUT_MS + 5_000, interval: 100 },
        )
        .toEqual({ status: 'queued', attempts: 1, timedOut: true });
    } finally {
      await worker.loop.stop();
    }
  });

  it('a retried message carries the Message-ID of its first attempt, derived from its row', async () => {
    const tag = `retry-${randomUUID().slice(0, 8)}`;
    let attempts = 0;
    smtp.answer = (mail) => {
      if (!mail.to.some(tagged(tag))) return { kind: 'accept' };
      attempts += 1;
      return attempts === 1 ? { kind: 'reject' } : { kind: 'accept' };
    };
    const [id] = await queueTagged(tag, 1);
    await context.app.mailer.worker.drain();
    // The backoff, skipped.
    await db()
      .update(schema.mailMessages)
      .set({ availableAt: sql`now() - interval '1 second'` })
      .where(inArray(schema.mailMessages.id, [id!]));
    await context.app.mailer.worker.drain();

    const received = smtp.received.filter((mail) => mail.to.some(tagged(tag)));
    expect(received).toHaveLength(2);
    expect(received[0]!.messageId).toBe(received[1]!.messageId);
    expect(received[0]!.messageId).toBe(`<${id}@sproutandspoon.example>`);
    expect(deliveredTo(tag)).toHaveLength(1);
  });
});
