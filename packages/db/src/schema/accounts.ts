import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Emails are unique regardless of case: Jane@Example.com and jane@example.com are one person.
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);
