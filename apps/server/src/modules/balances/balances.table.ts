import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * A company's ledger: Credits and Debits; balance = credits - debits (PRODUCT-RULES 7).
 * Account numbers are stored masked (last 4 digits). Debits written by pay-from-balance carry a
 * reference to what they paid.
 */
export const balanceRecords = pgTable(
  'balance_records',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    accountNumMasked: text().notNull(),
    routingNum: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    dateApplied: date({ mode: 'string' }).notNull(),
    reference: text(),
    createdBy: uuid(),
    /** The credit's id in the airport's old system (import kind `balances`): a re-import updates it. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('balance_records_amount_check', sql`${t.amountCents} > 0`),
    check('balance_records_type_check', sql`${t.type} in ('Credit', 'Debit')`),
    check('balance_records_masked_check', sql`${t.accountNumMasked} ~ '^\\*{4}[0-9]{0,4}$'`),
    index('balance_records_company_idx').on(t.companyId, t.dateApplied, t.createdAt),
    uniqueIndex('balance_records_external_id_unique').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

export type BalanceRecordRow = typeof balanceRecords.$inferSelect;
