import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { states, zipCodes } from './shipping';

/** Customer and admin accounts. Created at checkout (customers) or by the seed (demo accounts). */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    passwordHash: text(),
    isAdmin: boolean().notNull().default(false),
    /** Text messages about deliveries: chosen at checkout, changed in the account's profile. */
    receivesSmsUpdates: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Emails are unique regardless of case: Jane@Example.com and jane@example.com are one person.
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** Delivery addresses of a customer; the default one is where the subscription is delivered. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    city: text().notNull(),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    zipCodeId: integer()
      .notNull()
      .references(() => zipCodes.id),
    phone: text(),
    deliveryInstructions: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);
