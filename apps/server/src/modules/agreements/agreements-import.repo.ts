import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companyDirectory } from '../companies/index';
import { propertyNameSql, propertyRentCentsSql } from '../properties/index';
import { invoiceCycleNameSql, paymentTypeNameSql } from '../settings/index';
import { agreementProperties, agreements, aircraft, insurances, securityDeposits } from './agreements.table';

/**
 * The agreements import's statements (issue 23): each works on a whole chunk of rows at once, the
 * rows travelling as one jsonb parameter (no bind-parameter limit, no round trip per row).
 */

/** An agreement's own columns, as the import writes them and undo puts them back. */
export interface AgreementColumns {
  title: string;
  agreementNum: string;
  description: string;
  status: string;
  startDate: string;
  endDate: string | null;
  renewable: boolean;
  leaseTerms: string;
  companyId: string;
  invoiceCycleId: string;
  rentAdjustmentTypeId: string;
  adjustmentDate: string | null;
  adjustmentFreq: number | null;
}

export interface LinkSnapshot {
  propertyId: string;
  /** The property's security deposit on this agreement, or null for none. */
  deposit: { amountCents: number; received: boolean } | null;
}

/** Everything of an agreement the import writes: compared to skip unchanged rows, kept as `before` for undo. */
export interface AgreementSnapshot extends AgreementColumns {
  links: LinkSnapshot[];
}

export interface StoredAgreement extends AgreementSnapshot {
  id: string;
  externalId: string;
  /** Properties of the agreement with insurances or aircraft records (removing them would delete those). */
  propertiesWithRecords: string[];
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The agreements already imported under these external ids, with their properties and deposits. */
export async function findAgreementsByExternalIds(db: DbOrTx, externalIds: readonly string[]): Promise<Map<string, StoredAgreement>> {
  if (externalIds.length === 0) return new Map();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select a.id, a.external_id, a.title, a.agreement_num, a.description, a.status, a.start_date::text as start_date,
        a.end_date::text as end_date, a.renewable, a.lease_terms, a.company_id, a.invoice_cycle_id, a.rent_adjustment_type_id,
        a.adjustment_date::text as adjustment_date, a.adjustment_freq,
        coalesce((
          select jsonb_agg(jsonb_build_object(
            'propertyId', ap.property_id,
            'deposit', case when d.agreement_property_id is null then null else jsonb_build_object('amountCents', d.amount_cents, 'received', d.received) end,
            'hasRecords', exists (select 1 from ${insurances} i where i.agreement_property_id = ap.id) or exists (select 1 from ${aircraft} x where x.agreement_property_id = ap.id)
          ) order by ap.property_id)
          from ${agreementProperties} ap left join ${securityDeposits} d on d.agreement_property_id = ap.id
          where ap.agreement_id = a.id
        ), '[]'::jsonb) as links
      from ${agreements} a
      where a.external_id in (select jsonb_array_elements_text(${json([...new Set(externalIds)])}))`),
  );
  const found = new Map<string, StoredAgreement>();
  for (const r of rows) {
    const links = (typeof r.links === 'string' ? JSON.parse(r.links) : r.links) as Array<LinkSnapshot & { hasRecords: boolean }>;
    found.set(r.external_id as string, {
      id: r.id as string,
      externalId: r.external_id as string,
      title: r.title as string,
      agreementNum: r.agreement_num as string,
      description: r.description as string,
      status: r.status as string,
      startDate: r.start_date as string,
      endDate: (r.end_date as string | null) ?? null,
      renewable: r.renewable as boolean,
      leaseTerms: r.lease_terms as string,
      companyId: r.company_id as string,
      invoiceCycleId: r.invoice_cycle_id as string,
      rentAdjustmentTypeId: r.rent_adjustment_type_id as string,
      adjustmentDate: (r.adjustment_date as string | null) ?? null,
      adjustmentFreq: r.adjustment_freq === null ? null : Number(r.adjustment_freq),
      links: links.map((l) => ({ propertyId: l.propertyId, deposit: l.deposit ? { amountCents: Number(l.deposit.amountCents), received: l.deposit.received } : null })),
      propertiesWithRecords: links.filter((l) => l.hasRecords).map((l) => l.propertyId),
    });
  }
  return found;
}

/** Agreement numbers (lower-cased) already used, with the external id of the agreement using each. */
export async function findAgreementNumbers(db: DbOrTx, numbers: readonly string[]): Promise<Map<string, string | null>> {
  if (numbers.length === 0) return new Map();
  const rows = rowsOf<{ num: string; external_id: string | null }>(
    await db.execute(sql`
      select lower(a.agreement_num) as num, a.external_id from ${agreements} a
      where lower(a.agreement_num) in (select jsonb_array_elements_text(${json([...new Set(numbers.map((n) => n.toLowerCase()))])}))`),
  );
  return new Map(rows.map((r) => [r.num, r.external_id]));
}

/** A property leased over a period by a row of the file; `externalId` is the row's agreement (its own links never clash). */
export interface LeaseSpan {
  row: number;
  externalId: string;
  propertyId: string;
  start: string;
  end: string | null;
}

/**
 * The spans that overlap a live (not archived) lease already stored for the same property, other
 * than the row's own agreement: what the exclusion constraint `agreement_properties_no_overlap`
 * would refuse, found in one statement before anything is written.
 */
export async function findOverlappingLeases(db: DbOrTx, spans: readonly LeaseSpan[]): Promise<Array<{ row: number; propertyId: string; agreementNum: string }>> {
  if (spans.length === 0) return [];
  const rows = rowsOf<{ row: number; property_id: string; agreement_num: string }>(
    await db.execute(sql`
      select distinct on (s.row, s.property_id) s.row, s.property_id, a.agreement_num
      from jsonb_to_recordset(${json(spans.map((s) => ({ row: s.row, external_id: s.externalId, property_id: s.propertyId, start_date: s.start, end_date: s.end })))})
        as s(row int, external_id text, property_id uuid, start_date date, end_date date)
      join ${agreementProperties} ap on ap.property_id = s.property_id and not ap.archived
        and daterange(ap.start_date, ap.end_date, '[]') && daterange(s.start_date, s.end_date, '[]')
      join ${agreements} a on a.id = ap.agreement_id and a.external_id is distinct from s.external_id
      order by s.row, s.property_id, a.start_date`),
  );
  return rows.map((r) => ({ row: Number(r.row), propertyId: r.property_id, agreementNum: r.agreement_num }));
}

const columnsJson = (c: AgreementColumns) => ({
  title: c.title, agreement_num: c.agreementNum, description: c.description, status: c.status, start_date: c.startDate, end_date: c.endDate,
  renewable: c.renewable, lease_terms: c.leaseTerms, company_id: c.companyId, invoice_cycle_id: c.invoiceCycleId,
  rent_adjustment_type_id: c.rentAdjustmentTypeId, adjustment_date: c.adjustmentDate, adjustment_freq: c.adjustmentFreq,
});
const RECORD_COLUMNS = sql.raw(`title text, agreement_num text, description text, status text, start_date date, end_date date, renewable boolean,
  lease_terms text, company_id uuid, invoice_cycle_id uuid, rent_adjustment_type_id uuid, adjustment_date date, adjustment_freq int`);

/** Creates agreements; answers their ids by external id. */
export async function insertAgreements(db: DbOrTx, rows: ReadonlyArray<{ externalId: string; columns: AgreementColumns }>): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const inserted = rowsOf<{ id: string; external_id: string }>(
    await db.execute(sql`
      insert into ${agreements} (external_id, title, agreement_num, description, status, start_date, end_date, renewable, lease_terms,
        company_id, invoice_cycle_id, rent_adjustment_type_id, adjustment_date, adjustment_freq)
      select r.external_id, r.title, r.agreement_num, r.description, r.status, r.start_date, r.end_date, r.renewable, r.lease_terms,
        r.company_id, r.invoice_cycle_id, r.rent_adjustment_type_id, r.adjustment_date, r.adjustment_freq
      from jsonb_to_recordset(${json(rows.map((r) => ({ external_id: r.externalId, ...columnsJson(r.columns) })))}) as r(external_id text, ${RECORD_COLUMNS})
      returning id, external_id`),
  );
  return new Map(inserted.map((r) => [r.external_id, r.id]));
}

/** Writes agreements' own columns (an import's update, or undo putting `before` back). */
export async function updateAgreementColumns(db: DbOrTx, rows: ReadonlyArray<{ id: string; columns: AgreementColumns }>): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${agreements} a set title = r.title, agreement_num = r.agreement_num, description = r.description, status = r.status,
      start_date = r.start_date, end_date = r.end_date, renewable = r.renewable, lease_terms = r.lease_terms, company_id = r.company_id,
      invoice_cycle_id = r.invoice_cycle_id, rent_adjustment_type_id = r.rent_adjustment_type_id, adjustment_date = r.adjustment_date,
      adjustment_freq = r.adjustment_freq, updated_at = now()
    from jsonb_to_recordset(${json(rows.map((r) => ({ id: r.id, ...columnsJson(r.columns) })))}) as r(id uuid, ${RECORD_COLUMNS})
    where a.id = r.id`);
}

/**
 * Makes the agreements' properties exactly `links` (per agreement): removes the others, gives the
 * kept ones the agreement's period (the exclusion constraint reads it there), adds the new ones.
 * Deposits: `exact` makes them what the links say (undo); otherwise a link's deposit, when given,
 * is set and a missing one leaves the stored deposit alone (a file without a deposit column).
 */
export async function writeAgreementLinks(db: DbOrTx, agreementLinks: ReadonlyArray<{ agreementId: string; links: readonly LinkSnapshot[] }>, exact: boolean): Promise<void> {
  if (agreementLinks.length === 0) return;
  const ids = json(agreementLinks.map((a) => a.agreementId));
  const wanted = json(agreementLinks.flatMap((a) => a.links.map((l) => ({
    agreement_id: a.agreementId, property_id: l.propertyId, amount_cents: l.deposit?.amountCents ?? null, received: l.deposit?.received ?? null,
  }))));
  const wantedSet = sql`jsonb_to_recordset(${wanted}) as w(agreement_id uuid, property_id uuid, amount_cents bigint, received boolean)`;
  await db.execute(sql`
    delete from ${agreementProperties} ap
    where ap.agreement_id in (select (jsonb_array_elements_text(${ids}))::uuid)
      and not exists (select 1 from ${wantedSet} where w.agreement_id = ap.agreement_id and w.property_id = ap.property_id)`);
  await db.execute(sql`
    update ${agreementProperties} ap set start_date = a.start_date, end_date = a.end_date, archived = a.status = 'Archived'
    from ${agreements} a
    where a.id = ap.agreement_id and a.id in (select (jsonb_array_elements_text(${ids}))::uuid)
      and (ap.start_date, ap.end_date, ap.archived) is distinct from (a.start_date, a.end_date, a.status = 'Archived')`);
  await db.execute(sql`
    insert into ${agreementProperties} (agreement_id, property_id, start_date, end_date, archived)
    select w.agreement_id, w.property_id, a.start_date, a.end_date, a.status = 'Archived'
    from ${wantedSet} join ${agreements} a on a.id = w.agreement_id
    order by w.property_id
    on conflict (agreement_id, property_id) do nothing`);
  await db.execute(sql`
    insert into ${securityDeposits} (agreement_property_id, amount_cents, received, payment_date)
    select ap.id, w.amount_cents, w.received, case when w.received then a.start_date end
    from ${wantedSet}
    join ${agreementProperties} ap on ap.agreement_id = w.agreement_id and ap.property_id = w.property_id
    join ${agreements} a on a.id = w.agreement_id
    where w.amount_cents is not null
    on conflict (agreement_property_id) do update set amount_cents = excluded.amount_cents, received = excluded.received, updated_at = now()
      where (${securityDeposits.amountCents}, ${securityDeposits.received}) is distinct from (excluded.amount_cents, excluded.received)`);
  if (exact) {
    await db.execute(sql`
      delete from ${securityDeposits} d using ${agreementProperties} ap, ${wantedSet}
      where d.agreement_property_id = ap.id and w.agreement_id = ap.agreement_id and w.property_id = ap.property_id and w.amount_cents is null`);
  }
}

export async function deleteAgreements(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from ${agreements} where id in (select (jsonb_array_elements_text(${json(ids)}))::uuid)`);
}

/** One page of agreements in id order after `after`, with their company's name (the export). */
export async function listAgreementsPage(db: DbOrTx, after: string | null, limit: number) {
  return db
    .select({
      agreement: agreements,
      companyName: companyDirectory.name,
      invoiceCycleName: invoiceCycleNameSql(agreements.invoiceCycleId),
      paymentTypeName: paymentTypeNameSql(agreements.rentAdjustmentTypeId),
    })
    .from(agreements)
    .innerJoin(companyDirectory, eq(companyDirectory.id, agreements.companyId))
    .where(after ? gt(agreements.id, after) : undefined)
    .orderBy(asc(agreements.id))
    .limit(limit);
}

/** The properties of some agreements with their names, rents and deposits, in the order they were added. */
export async function listLinksOf(db: DbOrTx, agreementIds: readonly string[]) {
  if (agreementIds.length === 0) return [];
  return db
    .select({
      agreementId: agreementProperties.agreementId,
      name: propertyNameSql(agreementProperties.propertyId),
      rentCents: propertyRentCentsSql(agreementProperties.propertyId),
      depositCents: securityDeposits.amountCents,
      received: securityDeposits.received,
    })
    .from(agreementProperties)
    .leftJoin(securityDeposits, eq(securityDeposits.agreementPropertyId, agreementProperties.id))
    .where(inArray(agreementProperties.agreementId, [...agreementIds]))
    // By name: a file lists them so, and the order survives an import (its links share one creation time).
    .orderBy(asc(propertyNameSql(agreementProperties.propertyId)), asc(agreementProperties.id));
}
