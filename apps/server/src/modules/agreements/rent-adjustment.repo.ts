import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findPropertyRents } from '../properties/index';
import { findPaymentTypeRule } from '../settings/index';
import { agreementProperties, agreements } from './agreements.table';
import { rentAdjustments } from './rent-adjustment.table';

/** What planning the adjustments of one agreement needs: its schedule, rule and properties. */
export interface AdjustmentSubject {
  id: string;
  status: string;
  endDate: string | null;
  adjustmentDate: string | null;
  adjustmentFreq: number | null;
  paymentTypeName: string;
  skuType: 'CPI' | 'Flat' | 'Percent';
  skuAmountCents: number | null;
  skuPercent: number | null;
}

export interface AdjustmentLink {
  propertyId: string;
  propertyName: string;
  rentCents: number;
  startDate: string;
  endDate: string | null;
  /** When the property was put on the agreement (adjustments before it are not applied). */
  linkedAt: Date;
}

export async function findAdjustmentSubject(db: DbOrTx, agreementId: string): Promise<AdjustmentSubject | null> {
  const [row] = await db
    .select({
      id: agreements.id,
      status: agreements.status,
      endDate: agreements.endDate,
      adjustmentDate: agreements.adjustmentDate,
      adjustmentFreq: agreements.adjustmentFreq,
      rentAdjustmentTypeId: agreements.rentAdjustmentTypeId,
    })
    .from(agreements)
    .where(eq(agreements.id, agreementId))
    .limit(1);
  const rule = row ? await findPaymentTypeRule(db, row.rentAdjustmentTypeId) : null;
  if (!row || !rule) return null;
  const { rentAdjustmentTypeId: _type, ...agreement } = row;
  return {
    ...agreement,
    paymentTypeName: rule.name,
    skuType: rule.skuType as AdjustmentSubject['skuType'],
    skuAmountCents: rule.skuAmountCents,
    skuPercent: rule.skuPercent === null ? null : Number(rule.skuPercent),
  };
}

/** The agreement's properties with their rent (the properties module's); `forUpdate` locks the property rows (apply). */
export async function findAdjustmentLinks(db: DbOrTx, agreementId: string, forUpdate = false): Promise<AdjustmentLink[]> {
  const links = await db
    .select({ propertyId: agreementProperties.propertyId, startDate: agreementProperties.startDate, endDate: agreementProperties.endDate, linkedAt: agreementProperties.createdAt })
    .from(agreementProperties)
    .where(eq(agreementProperties.agreementId, agreementId));
  const rents = await findPropertyRents(db, links.map((link) => link.propertyId), forUpdate);
  return links
    .flatMap((link) => {
      const property = rents.get(link.propertyId);
      return property ? [{ ...link, propertyName: property.name, rentCents: property.rentCents }] : [];
    })
    .sort((a, b) => (a.propertyName < b.propertyName ? -1 : a.propertyName > b.propertyName ? 1 : a.propertyId < b.propertyId ? -1 : a.propertyId > b.propertyId ? 1 : 0));
}

/** `propertyId|effectiveDate` of the adjustments already applied under this agreement. */
export async function appliedAdjustmentKeys(db: DbOrTx, agreementId: string): Promise<Set<string>> {
  const rows = await db
    .select({ propertyId: rentAdjustments.propertyId, effectiveDate: rentAdjustments.effectiveDate })
    .from(rentAdjustments)
    .where(eq(rentAdjustments.agreementId, agreementId));
  return new Set(rows.map((r) => `${r.propertyId}|${r.effectiveDate}`));
}

/** CPI values and the property's rent belong to settings and properties: their functions. */
export { cpiValues } from '../settings/index';

/**
 * Records one adjustment; null when it already exists (the unique key: another request, job run
 * or instance applied it first), in which case the caller changes nothing.
 */
export async function insertRentAdjustment(
  db: DbOrTx,
  values: { agreementId: string; propertyId: string; effectiveDate: string; oldCents: number; newCents: number; reason: string },
): Promise<{ id: string } | null> {
  const [row] = await db.insert(rentAdjustments).values(values).onConflictDoNothing().returning({ id: rentAdjustments.id });
  return row ?? null;
}

export { setPropertyRent } from '../properties/index';

/** Live agreements whose adjustments have started by `today` (the daily job's candidates). */
export async function agreementsWithAdjustments(db: DbOrTx, today: string): Promise<string[]> {
  const rows = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(inArray(agreements.status, ['Active', 'Expiring Soon']), isNotNull(agreements.adjustmentDate), lte(agreements.adjustmentDate, sql`${today}::date`)))
    .orderBy(asc(agreements.id));
  return rows.map((r) => r.id);
}
