import { randomUUID } from 'node:crypto';
import type { Database, StatementPart } from '@sprout/db';
import * as repository from './repository';
import type { RenderedMail } from './templates';

/**
 * Mail a person is waiting for on the screen that asked for it: claimed before any other mail, so
 * a queue of reminders or a slow message never stands between someone and their sign-in code.
 */
export const URGENT_TEMPLATES: ReadonlySet<string> = new Set([
  'verification_code',
  'email_change_code',
  'password_reset',
]);

/** The claim order of a template's mail: 0 first (see URGENT_TEMPLATES), then 1. */
export const priorityOf = (template: string) => (URGENT_TEMPLATES.has(template) ? 0 : 1);

export type QueueOptions = {
  /**
   * The one event this mail stands for, e.g. `payment-failed:<box>:<attempt>`: a second mail with
   * the same key is not queued, whichever job run or replica queues it.
   */
  eventKey?: string;
};

const newMail = (to: string, template: string, mail: RenderedMail, options: QueueOptions) => ({
  id: randomUUID(),
  to,
  template,
  ...mail,
  priority: priorityOf(template),
  eventKey: options.eventKey ?? null,
});

/**
 * `queueMail` as a part of another module's statement (decision 033): checkout's confirmation rides
 * in the statement that checks the cart out. Sent once the caller commits and flushes, like any mail.
 */
export function queuedMailPart(
  to: string,
  template: string,
  mail: RenderedMail,
  options: QueueOptions = {},
): StatementPart {
  return repository.queuedMailPart(newMail(to, template, mail, options));
}

/**
 * Queues a mail in the caller's transaction, so it goes out only if the work that caused it
 * commits. The worker sends it moments later. Answers the message's id (also its Message-ID's).
 */
export async function queueMail(
  db: Database,
  to: string,
  template: string,
  mail: RenderedMail,
  options: QueueOptions = {},
): Promise<string> {
  const row = newMail(to, template, mail, options);
  await repository.insertMail(db, row);
  return row.id;
}

/** Where a queued message is (an operator command says whether its mail went out). */
export function mailStatus(
  db: Database,
  id: string,
): Promise<{ status: 'queued' | 'sent' | 'failed'; lastError: string | null } | undefined> {
  return repository.findStatus(db, id);
}
