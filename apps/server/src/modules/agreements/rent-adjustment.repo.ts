import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { properties } from '../properties/properties.table';
import { cpiIndex } from '../settings/cpi-index.table';
import { paymentTypes } from '../settings/settings.table';
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
      paymentTypeName: paymentTypes.name,
      skuType: paymentTypes.skuType,
      skuAmountCents: paymentTypes.skuAmountCents,
      skuPercent: paymentTypes.skuPercent,
    })
    .from(agreements)
    .innerJoin(paymentTypes, eq(paymentTypes.id, agreements.rentAdjustmentTypeId))
    .where(eq(agreements.id, agreementId))
    .limit(1);
  return row ? { ...row, skuType: row.skuType as AdjustmentSubject['skuType'], skuPercent: row.skuPercent === null ? null : Number(row.skuPercent) } : null;
}

/** The agreement's properties with their rent; `forUpdate` locks the property rows (apply). */
export async function findAdjustmentLinks(db: DbOrTx, agreementId: string, forUpdate = false): Promise<AdjustmentLink[]> {
  const query = db
    .select({
      propertyId: properties.id,
      propertyName: properties.name,
      rentCents: properties.rentCents,
      startDate: agreementProperties.startDate,
      endDate: agreementProperties.endDate,
      linkedAt: agreementProperties.createdAt,
    })
    .from(agreementProperties)
    .innerJoin(properties, eq(properties.id, agreementProperties.propertyId))
    .where(eq(agreementProperties.agreementId, agreementId))
    .orderBy(asc(properties.name), asc(properties.id));
  return forUpdate ? query.for('update', { of: properties }) : query;
}

/** `propertyId|effectiveDate` of the adjustments already applied under this agreement. */
export async function appliedAdjustmentKeys(db: DbOrTx, agreementId: string): Promise<Set<string>> {
  const rows = await db
    .select({ propertyId: rentAdjustments.propertyId, effectiveDate: rentAdjustments.effectiveDate })
    .from(rentAdjustments)
    .where(eq(rentAdjustments.agreementId, agreementId));
  return new Set(rows.map((r) => `${r.propertyId}|${r.effectiveDate}`));
}

export async function cpiValues(db: DbOrTx, periods: string[]): Promise<Map<string, number>> {
  if (periods.length === 0) return new Map();
  const rows = await db.select({ period: cpiIndex.period, value: cpiIndex.value }).from(cpiIndex).where(inArray(cpiIndex.period, periods));
  return new Map(rows.map((r) => [r.period, Number(r.value)]));
}

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

export async function setPropertyRent(db: DbOrTx, propertyId: string, rentCents: number): Promise<void> {
  await db.update(properties).set({ rentCents, updatedAt: new Date() }).where(eq(properties.id, propertyId));
}

/** Live agreements whose adjustments have started by `today` (the daily job's candidates). */
export async function agreementsWithAdjustments(db: DbOrTx, today: string): Promise<string[]> {
  const rows = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(inArray(agreements.status, ['Active', 'Expiring Soon']), isNotNull(agreements.adjustmentDate), lte(agreements.adjustmentDate, sql`${today}::date`)))
    .orderBy(asc(agreements.id));
  return rows.map((r) => r.id);
}
