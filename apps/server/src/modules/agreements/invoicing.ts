import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { propertyNameSql, propertyRentCentsSql } from '../properties/index';
import { invoiceCycleDueDaysSql } from '../settings/index';
import { agreementProperties, agreements } from './agreements.table';

/**
 * What the invoices module reads of agreements to bill rent (docs/adr/0004): the agreement to
 * invoice, the agreements of a cycle due an invoice, their property links with each property's
 * name and rent, and the payment type whose late fee applies - each one statement, built over this
 * module's tables with the owners' fragments for the rest.
 */
export interface AgreementToInvoice {
  id: string;
  companyId: string;
  title: string;
  agreementNum: string;
  status: string;
  /** The days an invoice is due after it is made (the agreement's invoice cycle). */
  dueDays: number;
}

export async function findAgreementToInvoice(db: DbOrTx, id: string): Promise<AgreementToInvoice | null> {
  const [row] = await db
    .select({
      id: agreements.id, companyId: agreements.companyId, title: agreements.title, agreementNum: agreements.agreementNum, status: agreements.status,
      dueDays: invoiceCycleDueDaysSql(agreements.invoiceCycleId),
    })
    .from(agreements)
    .where(eq(agreements.id, id));
  return row ?? null;
}

export interface CycleAgreement {
  id: string;
  companyId: string;
  title: string;
  agreementNum: string;
  start: string;
  end: string | null;
}

/** The agreement columns a caller's skip condition may name. */
export interface CycleAgreementColumns {
  id: AnyPgColumn;
  companyId: AnyPgColumn;
}

/**
 * The live agreements (Active, Expiring Soon) on an invoice cycle overlapping the period, in id
 * order after `after`, at most `limit`, except those `skip(agreement)` holds for (the invoices
 * module's own conditions - invoiced already, company held - so the check and the list stay one
 * statement).
 */
export async function listCycleAgreements(
  db: DbOrTx,
  cycleId: string,
  period: { start: string; end: string },
  page: { after: string | null; limit: number },
  skip: (agreement: CycleAgreementColumns) => SQL,
): Promise<CycleAgreement[]> {
  return db
    .select({ id: agreements.id, companyId: agreements.companyId, title: agreements.title, agreementNum: agreements.agreementNum, start: agreements.startDate, end: agreements.endDate })
    .from(agreements)
    .where(
      and(
        eq(agreements.invoiceCycleId, cycleId),
        inArray(agreements.status, ['Active', 'Expiring Soon']),
        lte(agreements.startDate, period.end),
        or(isNull(agreements.endDate), gte(agreements.endDate, period.start)),
        page.after ? gt(agreements.id, page.after) : undefined,
        sql`not ${skip({ id: agreements.id, companyId: agreements.companyId })}`,
      ),
    )
    .orderBy(asc(agreements.id))
    .limit(page.limit);
}

export interface RentLink {
  agreementId: string;
  /** The property's name and monthly rent. */
  name: string;
  rentCents: number;
  /** The part of the agreement the property is on. */
  from: string;
  to: string | null;
}

/** The property links of many agreements overlapping [start, end], by property name. One query. */
export async function listRentLinks(db: DbOrTx, agreementIds: readonly string[], start: string, end: string): Promise<RentLink[]> {
  if (agreementIds.length === 0) return [];
  const name = propertyNameSql(agreementProperties.propertyId);
  return db
    .select({ agreementId: agreementProperties.agreementId, name, rentCents: propertyRentCentsSql(agreementProperties.propertyId), from: agreementProperties.startDate, to: agreementProperties.endDate })
    .from(agreementProperties)
    .where(and(inArray(agreementProperties.agreementId, [...agreementIds]), lte(agreementProperties.startDate, end), or(isNull(agreementProperties.endDate), gte(agreementProperties.endDate, start))))
    .orderBy(asc(name));
}

/** The payment type of an agreement (its rent adjustment type), as a subquery on the primary key. */
export function agreementPaymentTypeIdSql(agreementId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select ${agreements.rentAdjustmentTypeId} from ${agreements} where ${agreements.id} = ${agreementId})`;
}

/** The payment type of a company's latest agreement (by start date), as a subquery (index agreements_company_start_idx). */
export function latestAgreementPaymentTypeIdSql(companyId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select ${agreements.rentAdjustmentTypeId} from ${agreements} where ${agreements.companyId} = ${companyId} order by ${agreements.startDate} desc limit 1)`;
}

/** The ids of the agreements on an invoice cycle, as a subquery (last period's invoices of the billing run preview). */
export function cycleAgreementIdsSql(cycleId: string): SQL {
  return sql`(select ${agreements.id} from ${agreements} where ${agreements.invoiceCycleId} = ${cycleId})`;
}

/** Agreement number, end date and status of some agreements (the preview's ended leases). One query. */
export async function findAgreementFacts(db: DbOrTx, ids: readonly string[]): Promise<Array<{ id: string; companyId: string; agreementNum: string; end: string | null; status: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: agreements.id, companyId: agreements.companyId, agreementNum: agreements.agreementNum, end: agreements.endDate, status: agreements.status })
    .from(agreements)
    .where(inArray(agreements.id, [...ids]));
}
