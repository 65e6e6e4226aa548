import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import * as repository from './repository';
import type { MailTransport } from './transport';

const BATCH = 10;
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 5;
/** 10 s, 40 s, 90 s, 160 s between attempts. */
const backoffSeconds = (attempt: number) => 10 * attempt * attempt;

/**
 * Sends queued mail in the background. Polls every `intervalMs`, and at once when kicked (a request
 * just queued something), so a code arrives in about a second without the request waiting for it.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** Runs a pass now (coalesced with one already running). */
  kick(): void {
    if (this.stopped) return;
    void this.drain();
  }

  /** Sends everything due and answers how many went out; tests await it. */
  async drain(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.sendDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      await this.drain().catch((error) => this.log.error({ err: error }, 'mail worker pass failed'));
      this.schedule();
    }, this.intervalMs);
    this.timer.unref();
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await repository.claimDueMail(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        try {
          await this.transport.send({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
          await repository.markSent(this.db, mail.id);
          sent += 1;
          // Only the template name: never the body, which can hold codes and links.
          this.log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
        } catch (error) {
          const giveUp = mail.attempts >= MAX_ATTEMPTS;
          await repository.markFailedAttempt(
            this.db,
            mail.id,
            String(error),
            giveUp,
            backoffSeconds(mail.attempts),
          );
          this.log.warn(
            { mailId: mail.id, template: mail.template, attempt: mail.attempts, giveUp },
            'mail not sent',
          );
        }
      }
      if (batch.length < BATCH) return sent;
    }
  }
}
