import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import { properties } from '../properties/properties.table';
import { agreements } from './agreements.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Rent adjustments applied to the properties of an agreement. The unique key
 * (agreement, property, effective date) makes applying one adjustment twice impossible: a second
 * click, a second job run or a second instance finds the row and changes nothing.
 */
export const rentAdjustments = pgTable(
  'rent_adjustments',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    agreementId: uuid().notNull().references(() => agreements.id, { onDelete: 'cascade' }),
    propertyId: uuid().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    effectiveDate: date({ mode: 'string' }).notNull(),
    oldCents: integer().notNull(),
    newCents: integer().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rent_adjustments_once').on(t.agreementId, t.propertyId, t.effectiveDate),
    index('rent_adjustments_property_idx').on(t.propertyId, t.effectiveDate),
  ],
);

export type RentAdjustmentRow = typeof rentAdjustments.$inferSelect;
