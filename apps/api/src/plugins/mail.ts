import type { Database, StatementPart } from '@sprout/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import devMailboxRoutes from '../platform/mail/routes';
import { type QueueOptions, queuedMailPart, queueMail } from '../platform/mail/service';
import type { RenderedMail } from '../platform/mail/templates';
import { devMailboxTransport, smtpTransport } from '../platform/mail/transport';
import { MailWorker } from '../platform/mail/worker';

export type Mailer = {
  /**
   * Queues a mail in the caller's transaction; the worker is nudged once the caller commits. A mail
   * for one event passes its `eventKey`: queued once, however many job runs reach the event.
   */
  queue(
    db: Database,
    to: string,
    template: string,
    mail: RenderedMail,
    options?: QueueOptions,
  ): Promise<string>;
  /** The same, as a part of another module's statement (decision 033); `flush` after the commit. */
  queuePart(to: string, template: string, mail: RenderedMail, options?: QueueOptions): StatementPart;
  /** Nudges the worker (after the transaction that queued mail has committed). */
  flush(): void;
  worker: MailWorker;
  transport: 'smtp' | 'dev-mailbox';
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

type Options = {
  smtpUrl: string | undefined;
  from: string;
  intervalMs: number;
  /** Messages on their way at once, per process. */
  concurrency: number;
  /** SMTP: connecting and the greeting, silence after a command, and one whole message. */
  timeouts: { connectionMs: number; socketMs: number; sendMs: number };
  devMailbox: boolean;
};

export default fp<Options>(
  async function mailPlugin(app: FastifyInstance, options) {
    const transport = options.smtpUrl
      ? smtpTransport(options.smtpUrl, options.from, options.timeouts)
      : devMailboxTransport;
    const worker = new MailWorker(app.database.db, transport, app.log, {
      intervalMs: options.intervalMs,
      concurrency: options.concurrency,
      sendTimeoutMs: options.timeouts.sendMs,
    });
    // The runner starts, stops and runs it once with the other jobs; flush() kicks it directly.
    app.jobs.adopt(worker.loop);
    app.decorate('mailer', {
      queue: queueMail,
      queuePart: queuedMailPart,
      flush: () => worker.kick(),
      worker,
      transport: transport.kind,
    } satisfies Mailer);
    app.addHook('onClose', () => worker.stop());
    if (options.devMailbox) await app.register(devMailboxRoutes);
  },
  { name: 'mail', dependencies: ['database'] },
);
