import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, desc, eq, ne, sql } from 'drizzle-orm';

const { addresses, users, zipCodes } = schema;

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

/** Whether an account uses this email (in any case), leaving out one account when given. */
export async function isEmailOfAccount(
  db: Database,
  email: string,
  exceptUserId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Null when the email already has an account (the unique index settles a race between carts). */
export async function insertUser(
  db: Database,
  user: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<number | null> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return row?.id ?? null;
}

export async function insertAddress(db: Database, address: typeof addresses.$inferInsert): Promise<number> {
  const [row] = await db.insert(addresses).values(address).returning({ id: addresses.id });
  return row!.id;
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
