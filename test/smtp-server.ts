import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message the server took in whole: its envelope, raw text and the headers tests read. */
export type ReceivedMail = {
  from: string;
  to: string[];
  data: string;
  subject: string;
  messageId: string | null;
  /** When its DATA was complete, before the server answered. */
  at: number;
};

/**
 * How the server answers one message once its DATA is complete: `accept` (250) after `delayMs`,
 * `reject` with a temporary 451 (the sender must retry), or `silent`: the data was taken and no
 * answer ever comes, as from a hung mail server.
 */
export type Answer = { kind: 'accept'; delayMs?: number } | { kind: 'reject' } | { kind: 'silent' };

export type TestSmtpServer = {
  port: number;
  url: string;
  /** Messages the server answered 250 to: what the store really delivered, duplicates included. */
  delivered: ReceivedMail[];
  /** Every message whose DATA arrived, whatever the answer (a refused or unanswered one too). */
  received: ReceivedMail[];
  /** Decides the answer to each message (default: accept at once). */
  answer: (mail: ReceivedMail) => Answer;
  /** Resolves once `count` messages have been delivered; rejects after `timeoutMs`. */
  waitForDeliveries(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
};

function headerOf(data: string, name: string): string | null {
  const head = data.split(/\r?\n\r?\n/, 1)[0] ?? '';
  // Folded header lines continue with whitespace: unfold before matching.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/**
 * A real SMTP server (the `smtp-server` package) in the test's process, on a free port, no TLS and
 * no authentication: nodemailer talks to it exactly as to a production mail server. Each message
 * can be accepted at once or slowly, refused for a retry, or left unanswered.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const waiters = new Set<() => void>();
  const state: TestSmtpServer = {
    port: 0,
    url: '',
    delivered: [],
    received: [],
    answer: () => ({ kind: 'accept' }),
    waitForDeliveries(count, timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (state.delivered.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${state.delivered.length} of ${count} messages delivered in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => Promise.resolve(),
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Closing must not wait for the connections a silent answer keeps open.
    closeTimeout: 50,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data,
          subject: headerOf(data, 'Subject') ?? '',
          messageId: headerOf(data, 'Message-ID'),
          at: Date.now(),
        };
        state.received.push(mail);
        const answer = state.answer(mail);
        if (answer.kind === 'silent') return;
        if (answer.kind === 'reject') {
          const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(refusal);
          return;
        }
        setTimeout(() => {
          state.delivered.push(mail);
          callback(null, 'queued');
          for (const waiter of [...waiters]) waiter();
        }, answer.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
  return state;
}
