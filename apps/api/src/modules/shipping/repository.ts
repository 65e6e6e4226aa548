import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';

const { states, zipCodes } = schema;

export async function findZipCode(db: Database, by: { code: string } | { id: number }) {
  const [row] = await db
    .select({ zip: zipCodes, state: states })
    .from(zipCodes)
    .innerJoin(states, eq(states.id, zipCodes.stateId))
    .where('code' in by ? eq(zipCodes.code, by.code) : eq(zipCodes.id, by.id));
  return row;
}

export async function stateExists(db: Database, stateId: number): Promise<boolean> {
  const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId));
  return row !== undefined;
}
