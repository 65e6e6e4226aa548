import nodemailer from 'nodemailer';

export type OutgoingMail = {
  /** The queued row's id: the message's Message-ID, the same at every attempt. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/** Where mail goes: SMTP in production; the dev mailbox keeps it in the database to be read. */
export type MailTransport = {
  kind: 'smtp' | 'dev-mailbox';
  /** Sends one message; gives up (rejects) and drops its connection when `signal` aborts. */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  close(): void;
};

/** How long the SMTP server may take (docs/decisions/008 "Delivery"): nothing waits on it longer. */
export type SmtpTimeouts = {
  /** To connect and hear the server's greeting. */
  connectionMs: number;
  /** Silence after any command, DATA's end included: a server that stops answering. */
  socketMs: number;
};

/**
 * A stable Message-ID for a queued row: a retry after a timeout or a crash carries the same one,
 * so a receiver that already took the first copy can recognise the second.
 */
export function messageIdFor(id: string, domain: string): string {
  return `<${id}@${domain}>`;
}

/** The domain of the From address ("Shop <hello@shop.example>" → shop.example), for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

export function smtpTransport(url: string, from: string, timeouts: SmtpTimeouts): MailTransport {
  // nodemailer's own defaults are 2 minutes to connect and 10 minutes of silence: a hung server
  // would hold a message (and its worker's slot) that long.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.connectionMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
  });
  const domain = senderDomain(from);
  return {
    kind: 'smtp',
    async send({ id, ...mail }, signal) {
      await transporter.sendMail({ from, ...mail, messageId: messageIdFor(id, domain), signal });
    },
    close: () => transporter.close(),
  };
}

export const devMailboxTransport: MailTransport = {
  kind: 'dev-mailbox',
  // The queued row itself is the message: marking it sent puts it in the mailbox.
  send: async () => {},
  close: () => {},
};
