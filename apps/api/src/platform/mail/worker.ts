import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import { JobLoop } from '../../lib/jobs';
import * as repository from './repository';
import type { MailTransport } from './transport';

const MAX_ATTEMPTS = 5;
/** 10 s, 40 s, 90 s, 160 s between attempts. */
const backoffSeconds = (attempt: number) => 10 * attempt * attempt;
/**
 * A claim lasts the longest send plus this margin, for recording its outcome: since a send is cut
 * off at its timeout, no message is still on its way when its claim ends and another worker may
 * take it (docs/decisions/008 "Delivery").
 */
const LEASE_MARGIN_SECONDS = 60;

export type MailWorkerOptions = {
  /** Pause between polls when nothing is due (a kick sends at once). */
  intervalMs?: number;
  /** Messages in flight at once: a slow or hung message holds one slot, never the queue. */
  concurrency?: number;
  /** The longest one message may take, connection to the server's last answer; then it is retried. */
  sendTimeoutMs?: number;
};

/**
 * Sends queued mail in the background. Polls every `intervalMs`, and at once when kicked (a request
 * just queued something), so a code arrives in about a second without the request waiting for it.
 * Up to `concurrency` messages are on their way at once, sign-in codes and password resets claimed
 * first, each cut off after `sendTimeoutMs` and claimed for longer than that. The loop (lib/jobs)
 * logs a failed pass and backs off: a lost database connection never becomes an unhandled rejection.
 */
export class MailWorker {
  readonly loop: JobLoop<number>;
  private readonly intervalMs: number;
  private readonly concurrency: number;
  private readonly sendTimeoutMs: number;
  private readonly leaseSeconds: number;
  /** Ends a running pass's wait for its next poll: a kick, or stop(). */
  private wake: (() => void) | undefined;
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    options: MailWorkerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
    this.leaseSeconds = Math.ceil(this.sendTimeoutMs / 1000) + LEASE_MARGIN_SECONDS;
    // Mail is sent in real time whatever the jobs' clock says: the loop's as-of is not passed on.
    this.loop = new JobLoop({ name: 'mail', intervalMs: this.intervalMs, run: () => this.sendDue() }, log);
  }

  start(): void {
    this.stopping = false;
    this.loop.start();
  }

  /** Claims nothing more, lets the messages on their way finish (each within its timeout). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop.stop();
    this.transport.close();
  }

  /** Sends what is due now: a running pass claims at once, or a new pass starts; never throws. */
  kick(): void {
    this.wake?.();
    this.loop.kick();
  }

  /** Sends everything due, waiting for every message on its way, and answers how many went out. */
  drain(): Promise<number> {
    return this.loop.runOnce();
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    const inFlight = new Set<Promise<void>>();
    try {
      for (;;) {
        const free = this.stopping ? 0 : this.concurrency - inFlight.size;
        const claimed = free > 0 ? await repository.claimDueMail(this.db, free, this.leaseSeconds) : [];
        for (const mail of claimed) {
          const sending: Promise<void> = this.sendOne(mail)
            .then((ok) => {
              if (ok) sent += 1;
            })
            .finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
        if (inFlight.size === 0) return sent;
        // Every slot busy: wait for one. Otherwise nothing more is due yet: wait for a slot, a
        // kick (a sign-in code just queued) or the next poll, whichever comes first.
        const idleSlots = !this.stopping && inFlight.size < this.concurrency;
        await Promise.race(idleSlots ? [...inFlight, this.nextWake()] : [...inFlight]);
      }
    } finally {
      // A failed claim (a lost connection) ends the pass only once its messages have settled.
      await Promise.allSettled([...inFlight]);
    }
  }

  private nextWake(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.intervalMs);
      timer.unref();
      this.wake = done;
    });
  }

  /** One message, never longer than the send timeout; answers whether it went out. Never throws. */
  private async sendOne(mail: repository.MailRow): Promise<boolean> {
    try {
      await this.withDeadline((signal) =>
        this.transport.send(
          {
            id: mail.id,
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            headers: mail.headers ?? {},
          },
          signal,
        ),
      );
    } catch (error) {
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { mailId: mail.id, template: mail.template, attempt: mail.attempts, giveUp, reason: String(error) },
        'mail not sent',
      );
      await this.record(mail, () =>
        repository.markFailedAttempt(
          this.db,
          mail.id,
          mail.attempts,
          String(error),
          giveUp,
          backoffSeconds(mail.attempts),
        ),
      );
      return false;
    }
    // Only the template name: never the body, which can hold codes and links.
    this.log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
    return this.record(mail, () => repository.markSent(this.db, mail.id, mail.attempts));
  }

  /** Writes a send's outcome; a lost connection leaves the claim to expire and the mail to be retried. */
  private async record(mail: repository.MailRow, write: () => Promise<void>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      this.log.error({ err: error, mailId: mail.id }, 'mail outcome not recorded; its claim will expire');
      return false;
    }
  }

  /** Runs a send with an abort signal, and gives up on it when the send timeout passes. */
  private async withDeadline(send: (signal: AbortSignal) => Promise<void>): Promise<void> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`the mail server did not answer within ${this.sendTimeoutMs} ms (timeout)`);
        // The transport drops its connection; the race below stops waiting even if it does not.
        controller.abort(error);
        reject(error);
      }, this.sendTimeoutMs);
    });
    try {
      await Promise.race([send(controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
