import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inIdList, inTextList } from '../../db/id-list';
import { rowsOf } from '../../db/rows';
import { propertyNameSql } from '../properties/index';
import { insuranceTypeNameSql } from '../settings/index';
import { companyDirectory } from '../companies/index';
import { agreementProperties, agreements, insurances, type InsuranceRow } from './agreements.table';

/** The insurances import's queries (issue 23), set-based: a few statements per chunk of rows. */

/** A property of an agreement an insurance can belong to, with what the file names it by. */
export interface InsuranceTarget {
  linkId: string;
  agreementId: string;
  agreementNum: string;
  agreementStatus: string;
  startDate: string;
  endDate: string | null;
  companyId: string;
  propertyName: string;
}

/**
 * The properties of the agreements these numbers or companies name; `lock` takes the agreements
 * for update (commit), as adding an insurance on the screen does.
 */
export async function findInsuranceTargets(db: DbOrTx, agreementNums: readonly string[], companyIds: readonly string[], lock = false): Promise<InsuranceTarget[]> {
  const nums = [...new Set(agreementNums.map((n) => n.toLowerCase()))];
  if (nums.length === 0 && companyIds.length === 0) return [];
  const where = or(
    ...(nums.length ? [inTextList(sql`lower(${agreements.agreementNum})`, nums)] : []),
    ...(companyIds.length ? [inIdList(agreements.companyId, companyIds)] : []),
  );
  const query = db
    .select({
      linkId: agreementProperties.id,
      agreementId: agreements.id,
      agreementNum: agreements.agreementNum,
      agreementStatus: agreements.status,
      startDate: agreements.startDate,
      endDate: agreements.endDate,
      companyId: agreements.companyId,
      propertyName: propertyNameSql(agreementProperties.propertyId),
    })
    .from(agreements)
    .innerJoin(agreementProperties, eq(agreementProperties.agreementId, agreements.id))
    .where(where)
    .orderBy(asc(agreements.startDate), asc(agreementProperties.id));
  return lock ? query.for('update', { of: agreements }) : query;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Insurances by external id, or by id for one without (added on the screen, then exported): by that key. */
export async function findInsurancesByExternalIds(db: DbOrTx, externalIds: readonly string[], lock = false): Promise<Map<string, InsuranceRow>> {
  if (externalIds.length === 0) return new Map();
  const keys = [...new Set(externalIds)];
  const ids = keys.filter((k) => UUID.test(k));
  const byId = ids.length ? [and(isNull(insurances.externalId), inIdList(insurances.id, ids))] : [];
  const query = db.select().from(insurances).where(or(inTextList(insurances.externalId, keys), ...byId));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.externalId ?? row.id, row]));
}

export type InsuranceImportValues = Pick<
  InsuranceRow,
  | 'agreementPropertyId' | 'insuranceTypeId' | 'maxCoverageCents' | 'startDate' | 'endDate' | 'isApproved'
  | 'carrier' | 'policyNumber' | 'perOccurrenceLimitCents' | 'aggregateLimitCents' | 'additionalInsured' | 'waiverOfSubrogation'
>;

/** What the certificate states, as the jsonb row's fields (insert and update alike). */
const certificateData = (r: InsuranceImportValues) => ({
  carrier: r.carrier, policy_number: r.policyNumber, per_occurrence: r.perOccurrenceLimitCents, aggregate: r.aggregateLimitCents,
  additional_insured: r.additionalInsured, waiver: r.waiverOfSubrogation,
});

/** Inserts a chunk's new insurances with ONE jsonb parameter (as the engine writes its chunks). */
export async function insertImportedInsurances(tx: Tx, rows: ReadonlyArray<InsuranceImportValues & { externalId: string }>): Promise<InsuranceRow[]> {
  if (rows.length === 0) return [];
  const data = rows.map((r) => ({
    link_id: r.agreementPropertyId, type_id: r.insuranceTypeId, cents: r.maxCoverageCents, start_date: r.startDate, end_date: r.endDate,
    approved: r.isApproved, external_id: r.externalId, ...certificateData(r),
  }));
  const inserted = await tx.execute(sql`
    insert into ${insurances} (agreement_property_id, insurance_type_id, max_coverage_cents, start_date, end_date, is_approved, external_id,
      approval_status, per_occurrence_limit_cents, aggregate_limit_cents, carrier, policy_number, additional_insured, waiver_of_subrogation)
    select x.link_id, x.type_id, x.cents, x.start_date, x.end_date, x.approved, x.external_id,
      case when x.approved then 'Approved' else 'Pending' end, x.per_occurrence, x.aggregate, x.carrier, x.policy_number, x.additional_insured, x.waiver
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(
      link_id uuid, type_id uuid, cents bigint, start_date date, end_date date, approved boolean, external_id text,
      carrier text, policy_number text, per_occurrence bigint, aggregate bigint, additional_insured boolean, waiver boolean)
    returning id`);
  return tx.select().from(insurances).where(inIdList(insurances.id, rowsOf<{ id: string }>(inserted).map((r) => r.id)));
}

/**
 * Sets each insurance's values in one statement; a new end date may alert again (as an edit on the
 * screen), and `expiryAlertedAt` is put back as given when present (undo).
 */
export async function updateImportedInsurances(
  tx: Tx,
  rows: ReadonlyArray<InsuranceImportValues & { id: string; expiryAlertedAt?: Date | null }>,
): Promise<InsuranceRow[]> {
  if (rows.length === 0) return [];
  const data = rows.map((r) => ({
    id: r.id, link_id: r.agreementPropertyId, type_id: r.insuranceTypeId, cents: r.maxCoverageCents, start_date: r.startDate, end_date: r.endDate,
    approved: r.isApproved, restore_alert: r.expiryAlertedAt !== undefined, alerted_at: r.expiryAlertedAt?.toISOString() ?? null, ...certificateData(r),
  }));
  await tx.execute(sql`
    update ${insurances} as i set
      agreement_property_id = x.link_id, insurance_type_id = x.type_id, max_coverage_cents = x.cents, start_date = x.start_date,
      end_date = x.end_date, is_approved = x.approved, carrier = x.carrier, policy_number = x.policy_number,
      per_occurrence_limit_cents = x.per_occurrence, aggregate_limit_cents = x.aggregate, additional_insured = x.additional_insured,
      waiver_of_subrogation = x.waiver,
      -- The review follows the imported flag (issue 24); a Rejected one stays Rejected unless approved.
      approval_status = case when x.approved then 'Approved' when i.approval_status = 'Approved' then 'Pending' else i.approval_status end,
      expiry_alerted_at = case when x.restore_alert then x.alerted_at when x.end_date <> i.end_date then null else i.expiry_alerted_at end,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(
      id uuid, link_id uuid, type_id uuid, cents bigint, start_date date, end_date date, approved boolean, restore_alert boolean, alerted_at timestamptz,
      carrier text, policy_number text, per_occurrence bigint, aggregate bigint, additional_insured boolean, waiver boolean)
    where i.id = x.id`);
  return tx.select().from(insurances).where(inIdList(insurances.id, rows.map((r) => r.id)));
}

export async function deleteInsurances(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(insurances).where(inIdList(insurances.id, ids));
}

/** Every insurance of the airport with the names its file row uses, a page at a time (the export). */
export async function listInsurancesPage(db: Db, afterId: string | null, limit: number) {
  return db
    .select({
      id: insurances.id,
      externalId: insurances.externalId,
      agreementNum: agreements.agreementNum,
      companyName: companyDirectory.name,
      propertyName: propertyNameSql(agreementProperties.propertyId),
      typeName: insuranceTypeNameSql(insurances.insuranceTypeId),
      maxCoverageCents: insurances.maxCoverageCents,
      startDate: insurances.startDate,
      endDate: insurances.endDate,
      isApproved: insurances.isApproved,
      carrier: insurances.carrier,
      policyNumber: insurances.policyNumber,
      perOccurrenceLimitCents: insurances.perOccurrenceLimitCents,
      aggregateLimitCents: insurances.aggregateLimitCents,
      additionalInsured: insurances.additionalInsured,
      waiverOfSubrogation: insurances.waiverOfSubrogation,
    })
    .from(insurances)
    .innerJoin(agreementProperties, eq(agreementProperties.id, insurances.agreementPropertyId))
    .innerJoin(agreements, eq(agreements.id, agreementProperties.agreementId))
    .innerJoin(companyDirectory, eq(companyDirectory.id, agreements.companyId))
    .where(afterId ? sql`${insurances.id} > ${afterId}::uuid` : undefined)
    .orderBy(asc(insurances.id))
    .limit(limit);
}
