import { randomUUID } from 'node:crypto';
import type { Database } from '@sprout/db';
import * as repository from './repository';
import type { RenderedMail } from './templates';

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
