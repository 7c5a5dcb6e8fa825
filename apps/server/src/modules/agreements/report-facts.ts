import { and, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agreementProperties, agreements, insurances } from './agreements.table';

/**
 * Read-only projections and counts of agreements for the reports module (docs/adr/0004): another
 * module joins these into its own statement; the tables stay this module's.
 */
const qb = new QueryBuilder({ casing: 'snake_case' });

/** Every insurance with the company of its agreement (insurance reports). */
export const insuranceDirectory = qb
  .select({
    id: insurances.id,
    companyId: agreements.companyId,
    insuranceTypeId: insurances.insuranceTypeId,
    startDate: insurances.startDate,
    endDate: insurances.endDate,
    createdAt: insurances.createdAt,
  })
  .from(insurances)
  .innerJoin(agreementProperties, eq(agreementProperties.id, insurances.agreementPropertyId))
  .innerJoin(agreements, eq(agreements.id, agreementProperties.agreementId))
  .where(ne(agreements.status, 'Archived'))
  .as('insurance_directory');

/**
 * Every property leased on `today` by a live agreement, with the agreement's terms: THE definition
 * of leased. The rent roll lists these rows; the listings' Leased and the dashboard's occupancy
 * read their property ids (`leasedPropertyIdsSql`), so the two counts cannot drift apart.
 */
export function leasedPropertiesOn(today: string) {
  return qb
    .select({
      id: agreementProperties.id,
      propertyId: agreementProperties.propertyId,
      // Aliased: the projection also carries agreement_properties.id.
      agreementId: sql<string>`${agreements.id}`.as('lease_agreement_id'),
      agreementNum: agreements.agreementNum,
      companyId: agreements.companyId,
      startDate: agreementProperties.startDate,
      endDate: agreementProperties.endDate,
      adjustmentDate: agreements.adjustmentDate,
    })
    .from(agreementProperties)
    .innerJoin(agreements, eq(agreements.id, agreementProperties.agreementId))
    .where(
      and(
        eq(agreementProperties.archived, false),
        ne(agreements.status, 'Archived'),
        lte(agreementProperties.startDate, today),
        sql`(${agreementProperties.endDate} is null or ${agreementProperties.endDate} >= ${today})`,
      ),
    )
    .as('leased_properties');
}

const scopedAgreements = (companyId: string | null): SQL | undefined => (companyId ? eq(agreements.companyId, companyId) : undefined);

/** Live agreements and insurances ending within 30, 60 and 90 days of `today` (dashboard). */
export async function expiringCounts(db: DbOrTx, today: string, companyId: string | null) {
  const within = (column: SQL | typeof agreements.endDate, days: number) => sql<number>`count(*) filter (where ${column} <= (${today}::date + ${days}::int))::int`;
  const [a] = await db
    .select({ d30: within(agreements.endDate, 30), d60: within(agreements.endDate, 60), d90: within(agreements.endDate, 90) })
    .from(agreements)
    .where(and(ne(agreements.status, 'Archived'), gte(agreements.endDate, today), scopedAgreements(companyId)));
  const [i] = await db
    .select({ d30: within(insuranceDirectory.endDate as unknown as SQL, 30), d60: within(insuranceDirectory.endDate as unknown as SQL, 60), d90: within(insuranceDirectory.endDate as unknown as SQL, 90) })
    .from(insuranceDirectory)
    .where(and(gte(insuranceDirectory.endDate, today), companyId ? eq(insuranceDirectory.companyId, companyId) : undefined));
  const pick = (r: { d30: number; d60: number; d90: number } | undefined) => ({ d30: Number(r?.d30 ?? 0), d60: Number(r?.d60 ?? 0), d90: Number(r?.d90 ?? 0) });
  return { agreements: pick(a), insurances: pick(i) };
}
