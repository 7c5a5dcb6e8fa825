import { AGREEMENT_MESSAGES, fromCents, INSURANCE_IMPORT_COLUMNS, toCents, ZInsuranceImportRow, type ImportIssue, type TInsuranceImportRow } from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { findAccountAtAirport } from '../../platform/auth/accounts.repo';
import type { ImportContext, ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { refuseIssuesFoundAtCommit } from '../../platform/imports/refuse';
import { companyKeyOf, findCompaniesByReference } from '../companies/index';
import { masterIdsByName } from '../settings/index';
import { auditRow } from './agreements.presenter';
import type { InsuranceRow } from './agreements.table';
import {
  deleteInsurances, findInsurancesByExternalIds, findInsuranceTargets, insertImportedInsurances, listInsurancesPage, updateImportedInsurances,
  type InsuranceImportValues, type InsuranceTarget,
} from './insurances-import.repo';
import { APPROVE_ONLY_LEASE_ADMINS } from './property-items.service';

/**
 * Import kind `insurances` (issue 23). An insurance belongs to one property of one agreement (the
 * agreement's Insurances sub-screen), so each row finds that property of that agreement:
 * - by the agreement's number (and the property's name, unless the agreement has one property);
 * - or by the company (name or external id, companies imported earlier included) and the
 *   property's name: the company's agreement holding that property — the one whose period covers
 *   the insurance's start, else the latest — among those not Archived.
 * With both an agreement and a company, the company must be the agreement's. The rules are the
 * screen's (except that an Archived agreement named by number takes its history), the type is one of Settings, the end is not
 * before the start, and only a Lease admin sets or changes approval.
 */

const INSURANCE = 'insurance';

interface Resolved {
  row: StagedRow<TInsuranceImportRow>;
  values: InsuranceImportValues;
}

const lower = (s: string | undefined) => s?.trim().toLowerCase() ?? '';
const covers = (t: InsuranceTarget, day: string) => t.startDate <= day && (t.endDate === null || t.endDate >= day);

/** The property of an agreement a row means, or the issue that says why there is none. */
function targetOf(row: TInsuranceImportRow, candidates: InsuranceTarget[], companyIds: string[] | null): InsuranceTarget | Omit<ImportIssue, 'row'> {
  let links = candidates;
  if (row.agreement) {
    links = links.filter((t) => lower(t.agreementNum) === lower(row.agreement));
    if (links.length === 0) return { column: 'agreement', message: `No agreement numbered ${row.agreement}` };
    if (companyIds && !companyIds.includes(links[0]!.companyId)) return { column: 'company', message: `Agreement ${row.agreement} is not ${row.company}'s` };
  } else {
    links = links.filter((t) => companyIds!.includes(t.companyId));
    if (links.length === 0) return { column: 'company', message: `${row.company} has no agreement` };
  }
  if (row.property) {
    links = links.filter((t) => lower(t.propertyName) === lower(row.property));
    if (links.length === 0) {
      const whose = row.agreement ? `Agreement ${row.agreement}` : `No agreement of ${row.company}`;
      return { column: 'property', message: row.agreement ? `${whose} has no property named ${row.property}` : `${whose} holds a property named ${row.property}` };
    }
  } else if (links.length > 1) {
    return { column: 'property', message: `Agreement ${row.agreement} has ${links.length} properties: name the property` };
  }
  const open = links.filter((t) => t.agreementStatus !== 'Archived');
  if (open.length > 0) return open.find((t) => covers(t, row.startDate)) ?? open[open.length - 1]!;
  // An agreement named by its number takes its insurance history even when Archived: an airport's
  // old leases come in with their certificates (and an export imports back whole). Found only
  // through the company, an archived lease is not guessed.
  if (!row.agreement) return { column: 'agreement', message: AGREEMENT_MESSAGES.archived };
  return links.find((t) => covers(t, row.startDate)) ?? links[links.length - 1]!;
}

/** Who may set approval: the importer's own rights at this airport (a Lease admin). */
async function mayApprove(db: DbOrTx, ctx: ImportContext): Promise<boolean> {
  if (!ctx.actor.user) return false;
  const account = await findAccountAtAirport(db, ctx.actor.user.id);
  return !!account && account.isInternal && account.isAdmin && account.modules.includes('Lease');
}

/** Each row's values, or its issues; `lock` takes the agreements for update (commit). */
async function resolveRows(db: DbOrTx, rows: readonly StagedRow<TInsuranceImportRow>[], ctx: ImportContext, lock: boolean): Promise<{ resolved: Resolved[]; issues: ImportIssue[]; existing: Map<string, InsuranceRow> }> {
  const companies = await findCompaniesByReference(db, rows.flatMap((r) => (r.value.company ? [r.value.company] : [])));
  const types = await masterIdsByName(db, 'insuranceTypes', rows.map((r) => r.value.insuranceType));
  const companyIds = [...companies.values()].flatMap((list) => list.map((c) => c.id));
  const targets = await findInsuranceTargets(db, rows.flatMap((r) => (r.value.agreement ? [r.value.agreement] : [])), companyIds, lock);
  const existing = await findInsurancesByExternalIds(db, rows.map((r) => r.externalId), lock);
  const approver = rows.some((r) => r.value.isApproved !== (existing.get(r.externalId)?.isApproved ?? false)) ? await mayApprove(db, ctx) : true;

  const issues: ImportIssue[] = [];
  const resolved: Resolved[] = [];
  for (const row of rows) {
    const v = row.value;
    const refuse = (column: string, message: string) => issues.push({ row: row.row, column, message });
    const named = v.company ? (companies.get(companyKeyOf(v.company)) ?? []) : null;
    if (named && named.length === 0) refuse('company', `No company named ${v.company}`);
    else if (named && named.length > 1 && !v.agreement) refuse('company', `${named.length} companies are named ${v.company}: use the company's external id or the agreement`);
    const typeId = types.get(lower(v.insuranceType));
    if (!typeId) refuse('insuranceType', 'Insurance Type not found');
    const before = existing.get(row.externalId);
    if (v.isApproved !== (before?.isApproved ?? false) && !approver) refuse('isApproved', APPROVE_ONLY_LEASE_ADMINS);
    if (named && (named.length === 0 || (named.length > 1 && !v.agreement))) continue;
    const target = targetOf(v, targets, named ? named.map((c) => c.id) : null);
    if ('message' in target) {
      refuse(target.column, target.message);
      continue;
    }
    if (!typeId || issues.some((i) => i.row === row.row)) continue;
    resolved.push({
      row,
      values: {
        agreementPropertyId: target.linkId,
        insuranceTypeId: typeId,
        maxCoverageCents: toCents(v.maxCoverageAmount),
        startDate: v.startDate,
        endDate: v.endDate,
        isApproved: v.isApproved,
        carrier: v.carrier,
        policyNumber: v.policyNumber,
        // an empty limit is the max coverage, as the records made before issue 24 took it
        perOccurrenceLimitCents: toCents(v.perOccurrenceLimit ?? v.maxCoverageAmount),
        aggregateLimitCents: toCents(v.aggregateLimit ?? v.maxCoverageAmount),
        additionalInsured: v.additionalInsured,
        waiverOfSubrogation: v.waiverOfSubrogation,
      },
    });
  }
  return { resolved, issues, existing };
}

async function check(db: DbOrTx, rows: readonly StagedRow<TInsuranceImportRow>[], ctx: ImportContext): Promise<ImportIssue[]> {
  return (await resolveRows(db, rows, ctx, false)).issues;
}

const FIELDS = [
  'agreementPropertyId', 'insuranceTypeId', 'maxCoverageCents', 'startDate', 'endDate', 'isApproved',
  'carrier', 'policyNumber', 'perOccurrenceLimitCents', 'aggregateLimitCents', 'additionalInsured', 'waiverOfSubrogation',
] as const;
const isChanged = (current: InsuranceRow, next: InsuranceImportValues) => FIELDS.some((f) => current[f] !== next[f]);

async function commit(tx: Tx, rows: readonly StagedRow<TInsuranceImportRow>[], ctx: Parameters<ImportKind['commit']>[2]): Promise<void> {
  const { resolved, issues, existing } = await resolveRows(tx, rows, ctx, true);
  // The dry run found none; a change since (an agreement archived, a type removed) stops the batch.
  refuseIssuesFoundAtCommit(issues);
  const fresh = resolved.filter((r) => !existing.has(r.row.externalId));
  const changed = resolved.filter((r) => existing.has(r.row.externalId) && isChanged(existing.get(r.row.externalId)!, r.values));
  const created = await insertImportedInsurances(tx, fresh.map((r) => ({ ...r.values, externalId: r.row.externalId })));
  const updated = new Map((await updateImportedInsurances(tx, changed.map((r) => ({ ...r.values, id: existing.get(r.row.externalId)!.id })))).map((row) => [row.id, row]));
  const tracked: TrackedRecord[] = [
    ...created.map((row): TrackedRecord => ({ entity: INSURANCE, id: row.id, action: 'created', after: auditRow(row) })),
    ...changed.map((r): TrackedRecord => {
      const before = existing.get(r.row.externalId)!;
      return { entity: INSURANCE, id: before.id, action: 'updated', before: auditRow(before), after: auditRow(updated.get(before.id)!) };
    }),
  ];
  if (tracked.length > 0) await ctx.track(tx, tracked);
}

/** `before` is an audit snapshot (auditRow): the row's columns, dates as the JSON of the batch's record. */
function restoredValues(record: TrackedRecord): InsuranceImportValues & { id: string; expiryAlertedAt: Date | null } {
  const before = record.before as Record<string, unknown>;
  const alerted = before.expiryAlertedAt as string | Date | null | undefined;
  return {
    id: record.id,
    agreementPropertyId: before.agreementPropertyId as string,
    insuranceTypeId: before.insuranceTypeId as string,
    maxCoverageCents: Number(before.maxCoverageCents),
    startDate: before.startDate as string,
    endDate: before.endDate as string,
    isApproved: before.isApproved as boolean,
    carrier: (before.carrier as string | undefined) ?? '',
    policyNumber: (before.policyNumber as string | undefined) ?? '',
    perOccurrenceLimitCents: Number(before.perOccurrenceLimitCents ?? before.maxCoverageCents),
    aggregateLimitCents: Number(before.aggregateLimitCents ?? before.maxCoverageCents),
    additionalInsured: (before.additionalInsured as boolean | undefined) ?? false,
    waiverOfSubrogation: (before.waiverOfSubrogation as boolean | undefined) ?? false,
    expiryAlertedAt: alerted ? new Date(alerted) : null,
  };
}

async function undo(tx: Tx, records: readonly TrackedRecord[]): Promise<void> {
  await deleteInsurances(tx, records.filter((r) => r.entity === INSURANCE && r.action === 'created').map((r) => r.id));
  await updateImportedInsurances(tx, records.filter((r) => r.entity === INSURANCE && r.action === 'updated' && r.before).map(restoredValues));
}

const EXPORT_PAGE = 1000;

/** The airport's insurances in the template's columns; one without an external id exports its id. */
async function* exportRows(db: Db): AsyncIterable<Record<string, string>> {
  let after: string | null = null;
  for (;;) {
    const page = await listInsurancesPage(db, after, EXPORT_PAGE);
    if (page.length === 0) return;
    for (const row of page) {
      yield {
        externalId: row.externalId ?? row.id,
        agreement: row.agreementNum,
        company: row.companyName,
        property: row.propertyName,
        insuranceType: row.typeName,
        maxCoverageAmount: fromCents(row.maxCoverageCents).toFixed(2),
        startDate: row.startDate,
        endDate: row.endDate,
        carrier: row.carrier,
        policyNumber: row.policyNumber,
        perOccurrenceLimit: fromCents(row.perOccurrenceLimitCents).toFixed(2),
        aggregateLimit: fromCents(row.aggregateLimitCents).toFixed(2),
        additionalInsured: row.additionalInsured ? 'yes' : 'no',
        waiverOfSubrogation: row.waiverOfSubrogation ? 'yes' : 'no',
        isApproved: row.isApproved ? 'yes' : 'no',
      };
    }
    after = page[page.length - 1]!.id;
  }
}

export const insurancesImportKind: ImportKind<TInsuranceImportRow> = {
  kind: 'insurances',
  columns: INSURANCE_IMPORT_COLUMNS,
  schema: ZInsuranceImportRow,
  check,
  commit,
  undo,
  exportRows,
};
