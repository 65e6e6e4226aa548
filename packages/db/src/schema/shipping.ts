import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const states = pgTable('states', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** Sales tax rate in basis points (825 = 8.25%). */
  taxRateBasisPoints: integer().notNull(),
  taxesShipping: boolean().notNull().default(false),
});

export const zipCodes = pgTable('zip_codes', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  stateId: integer()
    .notNull()
    .references(() => states.id),
  city: text().notNull(),
  isDelivered: boolean().notNull(),
  /** ISO weekdays (1 = Monday … 7 = Sunday) the courier delivers to this zip code. */
  deliveryWeekdays: integer().array().notNull(),
});
