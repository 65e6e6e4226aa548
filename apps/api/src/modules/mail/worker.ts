import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, databaseClock, JobLoop } from '../../lib/jobs';
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
 * The loop (lib/jobs) logs a failed pass and backs off: a lost database connection never becomes
 * an unhandled rejection.
 */
export class MailWorker {
  readonly loop: JobLoop<number>;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    intervalMs = 1000,
    clock: Clock = databaseClock,
  ) {
    this.loop = new JobLoop({ name: 'mail', intervalMs, run: (asOf) => this.sendDue(asOf) }, log, clock);
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  /** Runs a pass now (coalesced with one already running); never throws. */
  kick(): void {
    this.loop.kick();
  }

  /** Sends everything due and answers how many went out; tests await it. */
  drain(asOf?: Date | null): Promise<number> {
    return this.loop.runOnce(asOf);
  }

  private async sendDue(asOf: Date | null): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await repository.claimDueMail(this.db, BATCH, LEASE_SECONDS, asOf);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        try {
          await this.transport.send({
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            headers: mail.headers ?? {},
          });
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
