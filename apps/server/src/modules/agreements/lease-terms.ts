import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companyDirectory } from '../companies/index';
import { propertyRentCentsSql } from '../properties/index';
import { listInvoiceCycles, findPaymentTypeRule } from '../settings/index';
import { agreementProperties, agreements } from './agreements.table';
import { rentAdjustments } from './rent-adjustment.table';

/**
 * What measuring a lease under GASB 87 reads of an agreement (docs/gasb87.md): its term and GASB
 * inputs, its invoice cycle's schedule, its rent adjustment rule and its properties with the rent
 * each had when it was put on the agreement (the first applied adjustment's old rent, else the
 * property's rent now). Read for many agreements at once (the backfill), in a few statements.
 */
export interface LeaseTermsLink {
  propertyId: string;
  from: string;
  to: string | null;
  /** Monthly rent at commencement. */
  rentCents: number;
}

export interface LeaseTerms {
  id: string;
  agreementNum: string;
  companyName: string;
  status: string;
  startDate: string;
  endDate: string | null;
  renewable: boolean;
  gasbRenewalCertain: boolean;
  gasbRenewalEnd: string | null;
  gasbDiscountRate: number | null;
  gasbRegulated: boolean;
  /** The invoice cycle's cron expression. */
  cycleExpression: string;
  adjustment: { skuType: string; skuAmountCents: number | null; skuPercent: number | null; date: string | null; freq: number | null };
  links: LeaseTermsLink[];
}

export async function findLeaseTerms(db: DbOrTx, agreementIds: readonly string[]): Promise<LeaseTerms[]> {
  if (agreementIds.length === 0) return [];
  const ids = [...new Set(agreementIds)];
  const rows = await db
    .select({ agreement: agreements, companyName: companyDirectory.name })
    .from(agreements)
    .innerJoin(companyDirectory, eq(companyDirectory.id, agreements.companyId))
    .where(inArray(agreements.id, ids))
    .orderBy(asc(agreements.id));
  const cycles = new Map((await listInvoiceCycles(db)).map((c) => [c.id, c.expression]));
  const links = await db
    .select({
      agreementId: agreementProperties.agreementId,
      propertyId: agreementProperties.propertyId,
      from: agreementProperties.startDate,
      to: agreementProperties.endDate,
      rentNow: propertyRentCentsSql(agreementProperties.propertyId),
      // The rent before the first adjustment applied under this agreement: the rent at commencement.
      firstOldCents: sql<number | null>`(select ${rentAdjustments.oldCents} from ${rentAdjustments} where ${rentAdjustments.agreementId} = ${agreementProperties.agreementId} and ${rentAdjustments.propertyId} = ${agreementProperties.propertyId} order by ${rentAdjustments.effectiveDate} limit 1)`,
    })
    .from(agreementProperties)
    .where(inArray(agreementProperties.agreementId, ids))
    .orderBy(asc(agreementProperties.propertyId));
  const linksOf = new Map<string, LeaseTermsLink[]>();
  for (const l of links) {
    const list = linksOf.get(l.agreementId) ?? [];
    list.push({ propertyId: l.propertyId, from: l.from, to: l.to, rentCents: Number(l.firstOldCents ?? l.rentNow) });
    linksOf.set(l.agreementId, list);
  }
  const rules = new Map<string, Awaited<ReturnType<typeof findPaymentTypeRule>>>();
  const out: LeaseTerms[] = [];
  for (const { agreement: a, companyName } of rows) {
    if (!rules.has(a.rentAdjustmentTypeId)) rules.set(a.rentAdjustmentTypeId, await findPaymentTypeRule(db, a.rentAdjustmentTypeId));
    const rule = rules.get(a.rentAdjustmentTypeId);
    out.push({
      id: a.id,
      agreementNum: a.agreementNum,
      companyName,
      status: a.status,
      startDate: a.startDate,
      endDate: a.endDate,
      renewable: a.renewable,
      gasbRenewalCertain: a.gasbRenewalCertain,
      gasbRenewalEnd: a.gasbRenewalEnd,
      gasbDiscountRate: a.gasbDiscountRate === null ? null : Number(a.gasbDiscountRate),
      gasbRegulated: a.gasbRegulated,
      cycleExpression: cycles.get(a.invoiceCycleId) ?? '0 0 1 * *',
      adjustment: {
        skuType: rule?.skuType ?? 'CPI',
        skuAmountCents: rule?.skuAmountCents ?? null,
        skuPercent: rule?.skuPercent === null || rule?.skuPercent === undefined ? null : Number(rule.skuPercent),
        date: a.adjustmentDate,
        freq: a.adjustmentFreq,
      },
      links: linksOf.get(a.id) ?? [],
    });
  }
  return out;
}

/** Agreements of the current airport, in id order, for which `unmeasured(agreementId)` holds (the gasb87 module's condition). */
export async function listAgreementsWhere(db: DbOrTx, unmeasured: (agreementId: AnyPgColumn) => SQL, limit: number): Promise<string[]> {
  const rows = await db.select({ id: agreements.id }).from(agreements).where(unmeasured(agreements.id)).orderBy(asc(agreements.id)).limit(limit);
  return rows.map((r) => r.id);
}

/** The number and company name of the given agreements (the GASB 87 reports' labels), by id. */
export async function leaseLabels(db: DbOrTx, agreementIds: readonly string[]): Promise<Map<string, { agreementNum: string; companyName: string }>> {
  if (agreementIds.length === 0) return new Map();
  const rows = await db
    .select({ id: agreements.id, agreementNum: agreements.agreementNum, companyName: companyDirectory.name })
    .from(agreements)
    .innerJoin(companyDirectory, eq(companyDirectory.id, agreements.companyId))
    // one parameter however many (a bound list has a limit of parameters)
    .where(sql`${agreements.id} = any(array(select jsonb_array_elements_text(${JSON.stringify(agreementIds)}::jsonb)::uuid))`);
  return new Map(rows.map((r) => [r.id, { agreementNum: r.agreementNum, companyName: r.companyName }]));
}
