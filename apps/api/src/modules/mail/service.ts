import { randomUUID } from 'node:crypto';
import type { Database, StatementPart } from '@sprout/db';
import * as repository from './repository';
import type { RenderedMail } from './templates';

/**
 * `queueMail` as a part of another module's statement (decision 033): checkout's confirmation rides
 * in the statement that checks the cart out. Sent once the caller commits and flushes, like any mail.
 */
export function queuedMailPart(to: string, template: string, mail: RenderedMail): StatementPart {
  return repository.queuedMailPart({ id: randomUUID(), to, template, ...mail });
}

/**
 * Queues a mail in the caller's transaction, so it goes out only if the work that caused it
 * commits. The worker sends it moments later.
 */
export async function queueMail(
  db: Database,
  to: string,
  template: string,
  mail: RenderedMail,
): Promise<string> {
  const id = randomUUID();
  await repository.insertMail(db, { id, to, template, ...mail });
  return id;
}
