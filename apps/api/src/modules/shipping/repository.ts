import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';

const { states, zipCodes } = schema;

export async function findZipCode(db: Database, code: string) {
  const [row] = await db
    .select({ zip: zipCodes, state: states })
    .from(zipCodes)
    .innerJoin(states, eq(states.id, zipCodes.stateId))
    .where(eq(zipCodes.code, code));
  return row;
}
