import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../src/platform/mail/service';
import { verificationCodeMail } from '../src/platform/mail/templates';
import type { MailTransport } from '../src/platform/mail/transport';
import { MailWorker } from '../src/platform/mail/worker';
import { getJson, startTestApp, type TestContext } from './helpers';

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const silentLog = { info() {}, warn() {}, error() {} } as never;
const mail = (code: string) => verificationCodeMail({ siteName: 'Sprout & Spoon', code, minutes: 10 });

describe('mail outbox and dev mailbox', () => {
  it('queued mail reaches the mailbox only once the worker sends it, newest first', async () => {
    const { db } = context.database;
    await queueMail(db, 'reader@example.com', 'verification_code', mail('111111'));
    await queueMail(db, 'reader@example.com', 'verification_code', mail('222222'));
    expect((await getJson(context.app, '/dev/mailbox/messages?to=reader@example.com')).body.data).toEqual([]);

    expect(await context.app.mailer.worker.drain()).toBe(2);
    const { body } = await getJson(context.app, '/dev/mailbox/messages?to=READER@example.com');
    expect(body.data.map((message: { subject: string }) => message.subject)).toEqual([
      '222222 is your Sprout & Spoon sign-in code',
      '111111 is your Sprout & Spoon sign-in code',
    ]);
    expect(body.data[0].text).toContain('222222');

    const page = await context.app.inject({ method: 'GET', url: '/dev/mailbox?to=reader@example.com' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('222222 is your Sprout &amp; Spoon sign-in code');
  });

  it('retries a failing mail server with backoff and gives up after five attempts', async () => {
    const { db } = context.database;
    let calls = 0;
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        calls += 1;
        throw new Error('connection refused');
      },
      close: () => {},
    };
    const id = await queueMail(db, 'bounce@example.com', 'verification_code', mail('333333'));
    const worker = new MailWorker(db, failing, silentLog);
    await worker.drain();
    expect(calls).toBe(1);
    await worker.drain(); // not due yet: backoff
    expect(calls).toBe(1);
    const { schema } = await import('@sprout/db');
    const { eq, sql } = await import('drizzle-orm');
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await db
        .update(schema.mailMessages)
        .set({ availableAt: sql`now() - interval '1 second'` })
        .where(eq(schema.mailMessages.id, id));
      await worker.drain();
    }
    const [row] = await db.select().from(schema.mailMessages).where(eq(schema.mailMessages.id, id));
    expect(calls).toBe(5);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: expect.stringContaining('connection refused'),
    });
  });

  it('two workers draining at once send each mail exactly once', async () => {
    const { db } = context.database;
    for (let index = 0; index < 30; index += 1)
      await queueMail(db, 'many@example.com', 'verification_code', mail(String(100000 + index)));
    const sent: string[] = [];
    const recording: MailTransport = {
      kind: 'smtp',
      send: async (message) => void sent.push(message.subject),
      close: () => {},
    };
    const [first, second] = [
      new MailWorker(db, recording, silentLog),
      new MailWorker(db, recording, silentLog),
    ];
    const counts = await Promise.all([first.drain(), second.drain()]);
    expect(counts[0] + counts[1]).toBe(30);
    expect(new Set(sent).size).toBe(30);
    expect(sent).toHaveLength(30);
  });

  it('queues one mail per keyed event, however often the event is queued', async () => {
    const { db } = context.database;
    const { schema } = await import('@sprout/db');
    const { eq } = await import('drizzle-orm');
    const key = `payment-failed:${Date.now()}:1`;
    await queueMail(db, 'keyed@example.com', 'payment-failed', mail('444444'), { eventKey: key });
    await queueMail(db, 'keyed@example.com', 'payment-failed', mail('555555'), { eventKey: key });
    // Unkeyed mail is never merged: two codes are two mails.
    await queueMail(db, 'keyed@example.com', 'verification_code', mail('666666'));
    await queueMail(db, 'keyed@example.com', 'verification_code', mail('777777'));
    const rows = await db
      .select()
      .from(schema.mailMessages)
      .where(eq(schema.mailMessages.to, 'keyed@example.com'));
    expect(rows.map((row) => row.subject).sort()).toEqual([
      '444444 is your Sprout & Spoon sign-in code',
      '666666 is your Sprout & Spoon sign-in code',
      '777777 is your Sprout & Spoon sign-in code',
    ]);
    await context.app.mailer.worker.drain();
  });

  it('sends sign-in codes and password resets before mail queued earlier', async () => {
    const { db } = context.database;
    await context.app.mailer.worker.drain();
    for (let index = 0; index < 6; index += 1)
      await queueMail(db, `bulk-${index}@example.com`, 'delivery-reminder', mail(String(200000 + index)));
    await queueMail(db, 'waiting@example.com', 'password_reset', mail('888888'));
    await queueMail(db, 'waiting@example.com', 'verification_code', mail('999999'));
    const order: string[] = [];
    const recording: MailTransport = {
      kind: 'smtp',
      send: async (message) => void order.push(message.to),
      close: () => {},
    };
    await new MailWorker(db, recording, silentLog, { concurrency: 1 }).drain();
    expect(order).toHaveLength(8);
    expect(order.slice(0, 2)).toEqual(['waiting@example.com', 'waiting@example.com']);
  });

  it('refuses bad mailbox queries', async () => {
    expect((await getJson(context.app, '/dev/mailbox/messages?to=not-an-email')).status).toBe(422);
  });
});
