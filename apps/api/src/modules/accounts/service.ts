import type { Address } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import { definedFields } from '../../lib/objects';
import * as limits from '../limits/service';
import { lookUpZipCode } from '../shipping/service';
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
  message:
    'Too many different emails were tried from your connection. Please wait an hour and try again, or sign in if you already have an account.',
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
    await limits.reserve(tx, emailCheckLimit(client.emailChecksPerHour), `ip:${client.ip}`);
  }
  return repository.isEmailOfAccount(tx, check.email, check.exceptUserId ?? null);
}

/** The account checkout creates, in its transaction; null when the email has an account already. */
export function createCustomer(
  tx: Database,
  customer: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<number | null> {
  return repository.insertUser(tx, customer);
}

export function createAddress(tx: Database, address: NewAddress): Promise<number> {
  return repository.insertAddress(tx, address);
}

/** Stores a new password's hash (the caller ends the sessions it must). */
export function setPasswordHash(tx: Database, userId: number, passwordHash: string) {
  return repository.setPasswordHash(tx, userId, passwordHash);
}

export type NewAddress = Parameters<typeof repository.insertAddress>[1];

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

export async function updateAddress(
  db: Database,
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
    if (!(await repository.findAddress(tx, userId, addressId))) throw AppError.notFound('Address not found.');
    let zip: { zipCodeId: number; stateId: number } | undefined;
    if (body.zip_code !== undefined) {
      const found = /^\d{5}$/.test(body.zip_code) ? await lookUpZipCode(tx, { code: body.zip_code }) : null;
      if (!found) throw AppError.invalidField('zip_code', 'We could not find this zip code.');
      zip = { zipCodeId: found.id, stateId: found.state.id };
    }
    const changes = definedFields({
      firstName: body.first_name,
      lastName: body.last_name,
      addressLine1: body.address_line_1,
      addressLine2: body.address_line_2,
      city: body.city,
      phone: body.phone,
      deliveryInstructions: body.delivery_instructions,
      ...zip,
    });
    if (Object.keys(changes).length > 0) await repository.updateAddress(tx, userId, addressId, changes);
    return getAddress(tx, userId, addressId);
  });
}
