import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queueMail } from '../src/platform/mail/service';
import { verificationCodeMail } from '../src/platform/mail/templates';
import { MailWorker } from '../src/platform/mail/worker';

const mail = verificationCodeMail({ siteName: 'Sprout & Spoon', code: '123456', minutes: 10 });
const errors: string[] = [];
const recordingLog = {
  info() {},
  warn() {},
  error: (_details: object, message: string) => errors.push(message),
  child() {
    return this;
  },
} as never;

describe('background jobs never take the process down', () => {
  it('a mail worker kicked while the database is unreachable logs the failed pass', async () => {
    const unreachable = {
      execute: () => Promise.reject(new Error('Connection terminated unexpectedly')),
    } as never;
    const transport = { kind: 'dev-mailbox' as const, send: async () => {}, close() {} };
    const worker = new MailWorker(unreachable, transport, recordingLog, { intervalMs: 50 });
    worker.start();
    worker.kick();
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await worker.stop();
    expect(errors.some((message) => message.includes('job mail failed'))).toBe(true);
  });
});

// A real lost connection: only PostgreSQL has backends to terminate.
describe.runIf(process.env.TEST_DB === 'postgres')('jobs under load when their connections die', () => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDatabase = await createTestDatabase({ seeded: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      SITE_URL: 'http://localhost:3000',
      MAIL_WORKER_INTERVAL_MS: '50',
    });
    app = await buildApp({ config, database: testDatabase.handle, startJobs: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDatabase?.dispose();
  });

  it('pg_terminate_backend on every connection under load: the API keeps answering, mail still goes', async () => {
    const killer = new pg.Client({
      connectionString: (testDatabase.handle.raw.client as pg.Pool).options.connectionString,
    });
    await killer.connect();
    const killAll = () =>
      killer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
    let stop = false;
    const load = (async () => {
      const statuses: number[] = [];
      while (!stop) {
        await queueMail(testDatabase.handle.db, 'load@example.com', 'verification_code', mail).catch(
          () => {},
        );
        app.mailer.flush();
        const answers = await Promise.all(
          Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/api/sales/plans' })),
        );
        statuses.push(...answers.map((answer) => answer.statusCode));
      }
      return statuses;
    })();
    for (let round = 0; round < 10; round += 1) {
      await killAll();
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    stop = true;
    const statuses = await load;
    await killer.end();

    expect(statuses.length).toBeGreaterThan(0);
    // The process survived: it answers, and the worker still sends what was queued.
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    await queueMail(testDatabase.handle.db, 'after@example.com', 'verification_code', mail);
    await expect.poll(() => app.mailer.worker.drain().then(() => pendingMail()), { timeout: 10_000 }).toBe(0);
  });

  async function pendingMail(): Promise<number> {
    const result = await testDatabase.handle.db.execute(
      "select count(*)::int as n from mail_messages where status = 'queued' and \"to\" = 'after@example.com'",
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
});
