import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';

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

export type NewCustomer = { email: string; firstName: string; lastName: string; passwordHash: string };
export type NewCustomerAddress = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/**
 * The account and its first address in one statement (checkout's hot path). Null when the email
 * already has an account: the unique index settles a race between carts, and then no address is
 * written either (the address's insert reads the user's, which inserted nothing).
 */
export async function insertUserWithAddress(
  db: Database,
  user: NewCustomer,
  address: NewCustomerAddress,
): Promise<{ userId: number; addressId: number } | null> {
  const result = await db.execute(sql`
    with new_user as (
      insert into ${users} (email, first_name, last_name, password_hash)
      values (${user.email}, ${user.firstName}, ${user.lastName}, ${user.passwordHash})
      on conflict do nothing
      returning id
    ), new_address as (
      insert into ${addresses} (user_id, first_name, last_name, address_line_1, address_line_2, city,
        state_id, zip_code_id, phone, delivery_instructions, is_default)
      select new_user.id, ${address.firstName}, ${address.lastName}, ${address.addressLine1},
        ${address.addressLine2 ?? null}, ${address.city}, ${address.stateId}::int, ${address.zipCodeId}::int,
        ${address.phone ?? null}, ${address.deliveryInstructions ?? null}, ${address.isDefault ?? false}::boolean
      from new_user
      returning id, user_id
    )
    select user_id, id as address_id from new_address`);
  const [row] = (result as unknown as { rows: { user_id: number; address_id: number }[] }).rows;
  return row ? { userId: Number(row.user_id), addressId: Number(row.address_id) } : null;
}

/** The account of this email (in any case), locked until the transaction ends. */
export async function lockUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .for('update');
  return row;
}

/**
 * An admin account without a password (its owner sets one from a reset link); undefined when the
 * email has an account already (the unique index on lower(email) decides, a concurrent run too).
 */
export async function insertAdmin(
  db: Database,
  admin: { email: string; firstName: string | null; lastName: string | null },
) {
  const [row] = await db
    .insert(users)
    .values({ ...admin, passwordHash: null, isAdmin: true })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setAdmin(db: Database, userId: number) {
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function findUser(db: Database, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The emails of these accounts (ids with no account are left out). */
export async function findEmails(db: Database, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
}

export async function updateUser(
  db: Database,
  userId: number,
  changes: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'receivesSmsUpdates'>>,
) {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** False when another account took this email meanwhile (the unique index on lower(email) decides). */
export async function setEmail(db: Database, userId: number, email: string): Promise<boolean> {
  const taken = await isEmailOfAccount(db, email, userId);
  if (taken) return false;
  try {
    await db.update(users).set({ email }).where(eq(users.id, userId));
    return true;
  } catch (error) {
    // Taken between the check and the update: the unique index refused it (the caller rolls back).
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') return false;
    throw error;
  }
}

// ─── Admin: customer search (decision 027) ───────────────────────────────────────────────────

/** Accounts whose email or name contains the query (any case), or with this id; newest first. */
export async function searchUsers(db: Database, query: string, limit: number) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byId = /^\d{1,9}$/.test(query) ? sql`or ${users.id} = ${Number(query)}` : sql``;
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      query
        ? sql`(${users.email} ilike ${pattern} or (coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern} ${byId})`
        : undefined,
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}
