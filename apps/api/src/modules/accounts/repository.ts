import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, desc, eq } from 'drizzle-orm';

const { addresses, zipCodes } = schema;

const addressColumns = { address: addresses, zipCode: zipCodes.code };

/** A customer's address: another customer's id finds nothing. */
export async function findAddress(db: Database, userId: number, addressId: number) {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(zipCodes, eq(zipCodes.id, addresses.zipCodeId))
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row;
}

export async function findDefaultAddress(db: Database, userId: number) {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(zipCodes, eq(zipCodes.id, addresses.zipCodeId))
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id))
    .limit(1);
  return row;
}

export async function updateAddress(
  db: Database,
  userId: number,
  addressId: number,
  changes: Partial<typeof addresses.$inferInsert>,
) {
  await db
    .update(addresses)
    .set(changes)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}
