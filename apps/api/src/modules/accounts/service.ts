import {
  type Address,
  cityNotOfZipMessage,
  EMAIL_CHECKS_LIMITED_MESSAGE,
  isCityOfZip,
  type ZipCode,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import { definedFields } from '../../lib/objects';
import * as limits from '../../platform/limits/service';
import * as repository from './repository';

/** Whether an account uses this email (in any case); a customer's own account is left out when named. */
export function isEmailOfAccount(db: Database, email: string, exceptUserId: number | null = null) {
  return repository.isEmailOfAccount(db, email, exceptUserId);
}

/**
 * Who asks, for the answers that tell whether an email has an account: the client's address, and
 * how many such answers one address gets per hour (configuration; 0: no limit).
 */
export type EmailCheckClient = { ip: string; emailChecksPerHour: number };

const emailCheckLimit = (max: number): limits.Limit => ({
  kind: 'email_check',
  max,
  windowMinutes: 60,
  message: EMAIL_CHECKS_LIMITED_MESSAGE,
});

/**
 * The same question asked for a visitor who will see the answer ("already in use", "for new
 * customers"): each check first takes a slot of a per-address limit (429 when full), like sign-in,
 * so the answers cannot be used to find out who is a customer. The slot is written in the
 * caller's transaction: the caller commits it even when the answer refuses the visitor.
 */
export async function isEmailOfAccountForVisitor(
  tx: Database,
  client: EmailCheckClient,
  check: { email: string; exceptUserId?: number | null },
): Promise<boolean> {
  if (client.emailChecksPerHour > 0) {
    await limits.reserve(tx, emailCheckLimit(client.emailChecksPerHour), limits.clientSubject(client.ip));
  }
  return repository.isEmailOfAccount(tx, check.email, check.exceptUserId ?? null);
}

/**
 * The account checkout creates, with its default delivery address, in checkout's transaction and
 * in one statement; null when the email has an account already (nothing is written then).
 */
export function createCustomer(
  tx: Database,
  customer: repository.NewCustomer,
  address: repository.NewCustomerAddress,
): Promise<{ userId: number; addressId: number } | null> {
  return repository.insertUserWithAddress(tx, customer, address);
}

export type AdminGrant = {
  userId: number;
  email: string;
  /** What the account was before: none (made now), a customer (promoted) or already an admin. */
  was: 'none' | 'customer' | 'admin';
};

/**
 * Makes the account of this email an admin (`npm run admin`, docs/decisions/038), in the caller's
 * transaction: a new account without a password, named if names are given, or an existing account
 * promoted as it is (its name, password, subscription and sessions unchanged). An admin stays one.
 */
export async function grantAdmin(
  tx: Database,
  person: { email: string; firstName: string | null; lastName: string | null },
): Promise<AdminGrant> {
  // Twice at most: a conflict means another run's account committed, which the second read finds.
  for (let attempt = 0; ; attempt += 1) {
    const existing = await repository.lockUserByEmail(tx, person.email);
    if (existing) {
      if (!existing.isAdmin) await repository.setAdmin(tx, existing.id);
      return { userId: existing.id, email: existing.email, was: existing.isAdmin ? 'admin' : 'customer' };
    }
    const created = await repository.insertAdmin(tx, person);
    if (created) return { userId: created.id, email: created.email, was: 'none' };
    // Another run made the account between the read and the insert: promote that one.
    if (attempt > 0) throw new Error(`the account of ${person.email} could be neither read nor made`);
  }
}

/** Stores a new password's hash (the caller ends the sessions it must). */
export function setPasswordHash(tx: Database, userId: number, passwordHash: string) {
  return repository.setPasswordHash(tx, userId, passwordHash);
}

type AddressRow = NonNullable<Awaited<ReturnType<typeof repository.findAddress>>>;

export function toAddress({ address, zipCode }: AddressRow): Address {
  return {
    id: address.id,
    first_name: address.firstName,
    last_name: address.lastName,
    address_line_1: address.addressLine1,
    address_line_2: address.addressLine2,
    city: address.city,
    state_id: address.stateId,
    zip_code_id: address.zipCodeId,
    zip_code: zipCode,
    phone: address.phone,
    delivery_instructions: address.deliveryInstructions,
    is_default: address.isDefault,
  };
}

export async function getAddress(db: Database, userId: number, addressId: number): Promise<Address> {
  const row = await repository.findAddress(db, userId, addressId);
  if (!row) throw AppError.notFound('Address not found.');
  return toAddress(row);
}

export async function defaultAddress(db: Database, userId: number): Promise<Address | null> {
  const row = await repository.findDefaultAddress(db, userId);
  return row ? toAddress(row) : null;
}

/**
 * Shipping's zip code look-up (null when unknown): the zip decides an address's city and state, and
 * the flow that changes an address hands the look-up over, as accounts imports no other module
 * (docs/decisions/048).
 */
export type LookUpZipCode = (db: Database, by: { code: string }) => Promise<ZipCode | null>;

export async function updateAddress(
  db: Database,
  lookUpZipCode: LookUpZipCode,
  userId: number,
  addressId: number,
  body: {
    first_name?: string | undefined;
    last_name?: string | undefined;
    address_line_1?: string | undefined;
    address_line_2?: string | null | undefined;
    city?: string | undefined;
    zip_code?: string | undefined;
    phone?: string | null | undefined;
    delivery_instructions?: string | null | undefined;
  },
): Promise<Address> {
  return db.transaction(async (tx) => {
    const current = await repository.findAddress(tx, userId, addressId);
    if (!current) throw AppError.notFound('Address not found.');
    const place =
      body.zip_code !== undefined
        ? await deliverablePlace(tx, lookUpZipCode, body.zip_code, body.city)
        : body.city !== undefined
          ? { city: await cityOfZip(tx, lookUpZipCode, current.zipCode, body.city) }
          : {};
    const changes = definedFields({
      firstName: body.first_name,
      lastName: body.last_name,
      addressLine1: body.address_line_1,
      addressLine2: body.address_line_2,
      phone: body.phone,
      deliveryInstructions: body.delivery_instructions,
      ...place,
    });
    if (Object.keys(changes).length > 0) await repository.updateAddress(tx, userId, addressId, changes);
    return getAddress(tx, userId, addressId);
  });
}

/**
 * Where an address may be: a zip code we deliver to, with the city and state it belongs to. The
 * zip code decides the city and state (zip_codes has exactly one of each per zip, and the courier
 * routes by zip), so they are taken from it, never mixed with an older address: a city sent with
 * the zip must be that zip's city, which catches a mistyped zip before a box goes astray.
 */
async function deliverablePlace(
  db: Database,
  lookUpZipCode: LookUpZipCode,
  code: string,
  city: string | undefined,
): Promise<{ zipCodeId: number; stateId: number; city: string }> {
  const found = /^\d{5}$/.test(code) ? await lookUpZipCode(db, { code }) : null;
  if (!found) throw AppError.invalidField('zip_code', 'We could not find this zip code.');
  if (!found.is_delivered) {
    throw AppError.invalidField(
      'zip_code',
      `Sorry, we don't deliver to ${code} (${found.city}, ${found.state.code}) yet. Choose an address in a zip code we deliver to.`,
    );
  }
  if (city !== undefined && !isCityOfZip(city, found.city)) throw wrongCity(code, found);
  return { zipCodeId: found.id, stateId: found.state.id, city: found.city };
}

const wrongCity = (code: string, zip: { city: string; state: { code: string } }) =>
  AppError.invalidField('city', cityNotOfZipMessage({ code, city: zip.city, stateCode: zip.state.code }));

/** A city sent without a new zip must be the current zip's city (kept in its spelling). */
async function cityOfZip(
  db: Database,
  lookUpZipCode: LookUpZipCode,
  code: string,
  city: string,
): Promise<string> {
  const found = await lookUpZipCode(db, { code });
  if (!found) throw AppError.invalidField('zip_code', 'We could not find this zip code.');
  if (!isCityOfZip(city, found.city)) throw wrongCity(code, found);
  return found.city;
}

/** The account's own row (name, email, password hash, SMS choice); a 404 when it is gone. */
export async function findAccount(db: Database, userId: number) {
  const user = await repository.findUser(db, userId);
  if (!user) throw AppError.notFound('Account not found.');
  return user;
}

/** Account id → email, for lists that name who did something (the admin's audit log). */
export async function emailsOfAccounts(db: Database, userIds: number[]): Promise<Map<number, string>> {
  const rows = await repository.findEmails(db, userIds);
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function updateProfile(
  db: Database,
  userId: number,
  body: {
    first_name?: string | undefined;
    last_name?: string | undefined;
    receives_sms_updates?: boolean | undefined;
  },
): Promise<void> {
  const changes = definedFields({
    firstName: body.first_name,
    lastName: body.last_name,
    receivesSmsUpdates: body.receives_sms_updates,
  });
  if (Object.keys(changes).length > 0) await repository.updateUser(db, userId, changes);
}

/** Sets a verified email; false when another account uses it (in any case). */
export function setEmail(tx: Database, userId: number, email: string): Promise<boolean> {
  return repository.setEmail(tx, userId, email);
}

/** The admin's customer search: by email, name or account id. */
export async function searchAccounts(db: Database, query: string, limit: number) {
  const rows = await repository.searchUsers(db, query.trim(), limit);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    is_admin: row.isAdmin,
    created_at: row.createdAt.toISOString(),
  }));
}
