import nodemailer from 'nodemailer';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/** Where mail goes: SMTP in production; the dev mailbox keeps it in the database to be read. */
export type MailTransport = {
  kind: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
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
