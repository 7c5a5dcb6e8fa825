import { AGREEMENT_MESSAGES, toCents, type ImportIssue, type TAgreementImportRow } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { StagedRow } from '../../platform/imports/kind';
import { findCompaniesByReference } from '../companies/index';
import { findPropertiesByNames, type PropertyByName } from '../properties/index';
import { masterIdsByName } from '../settings/index';
import {
  findAgreementNumbers, findAgreementsByExternalIds, findOverlappingLeases, type AgreementColumns, type LeaseSpan, type LinkSnapshot, type StoredAgreement,
} from './agreements-import.repo';

/**
 * The agreements import's dry run (issue 23): every reference resolved by its natural key and every
 * rule the API's create enforces, checked for a whole chunk of rows with a few statements. The same
 * plan is what the commit writes, so the dry run and the commit cannot disagree.
 */

/** One row of the file, resolved: what the agreement should be after the import. */
export interface AgreementPlan {
  row: number;
  externalId: string;
  /** The status as the file gives it (Archived is kept; the others follow the dates when written). */
  columns: AgreementColumns;
  links: LinkSnapshot[];
  /** The file gives a deposit (else the stored deposits stay as they are). */
  hasDeposit: boolean;
  /** The file's monthly rent for each property, in cents, or null to leave the rents alone. */
  rentCents: number | null;
  properties: PropertyByName[];
  existing: StoredAgreement | null;
}

const lower = (s: string) => s.toLowerCase();
const issue = (row: number, column: string, message: string): ImportIssue => ({ row, column, message });

/** The agreement number a row gives, else its external id. */
export const agreementNumberOf = (row: StagedRow<TAgreementImportRow>) => row.value.agreementNum ?? row.externalId;

/** Resolves references and checks the rules row by row and across the file; read only. */
export async function planAgreements(db: DbOrTx, rows: readonly StagedRow<TAgreementImportRow>[], today: string): Promise<{ plans: AgreementPlan[]; issues: ImportIssue[] }> {
  const values = rows.map((r) => r.value);
  const [companies, properties, cycles, paymentTypes, stored, numbers] = await Promise.all([
    findCompaniesByReference(db, values.map((v) => v.company)),
    findPropertiesByNames(db, values.flatMap((v) => v.properties)),
    masterIdsByName(db, 'invoiceCycles', values.map((v) => v.invoiceCycle)),
    masterIdsByName(db, 'paymentTypes', values.map((v) => v.rentAdjustmentType)),
    findAgreementsByExternalIds(db, rows.map((r) => r.externalId)),
    findAgreementNumbers(db, rows.map(agreementNumberOf)),
  ]);
  const issues: ImportIssue[] = [];
  const plans: AgreementPlan[] = [];
  const numberRows = new Map<string, number>();

  for (const staged of rows) {
    const { row, value: v } = staged;
    const before = issues.length;
    const company = oneOf(companies.get(lower(v.company)), () => issues.push(issue(row, 'company', `No company is named "${v.company}"`)),
      () => issues.push(issue(row, 'company', `Several companies are named "${v.company}": give its external id instead`)));
    const leased: PropertyByName[] = [];
    for (const name of v.properties) {
      const property = oneOf(properties.get(lower(name)), () => issues.push(issue(row, 'properties', `No property is named "${name}"`)),
        () => issues.push(issue(row, 'properties', `Several properties are named "${name}"`)));
      if (property) leased.push(property);
    }
    const invoiceCycleId = cycles.get(lower(v.invoiceCycle));
    if (!invoiceCycleId) issues.push(issue(row, 'invoiceCycle', `No invoice cycle is named "${v.invoiceCycle}" (Settings, Invoice Cycles)`));
    const rentAdjustmentTypeId = paymentTypes.get(lower(v.rentAdjustmentType));
    if (!rentAdjustmentTypeId) issues.push(issue(row, 'rentAdjustmentType', `No rent adjustment type is named "${v.rentAdjustmentType}" (Settings, Payment Types)`));

    const agreementNum = agreementNumberOf(staged);
    const sameNumberRow = numberRows.get(lower(agreementNum));
    if (sameNumberRow !== undefined) issues.push(issue(row, 'agreementNum', `Agreement number ${agreementNum} is also on row ${sameNumberRow}`));
    numberRows.set(lower(agreementNum), row);
    const numberHolder = numbers.get(lower(agreementNum));
    if (numberHolder !== undefined && numberHolder !== staged.externalId) issues.push(issue(row, 'agreementNum', AGREEMENT_MESSAGES.duplicateNumber));
    if (issues.length > before || !company || !invoiceCycleId || !rentAdjustmentTypeId) continue;

    const existing = stored.get(staged.externalId) ?? null;
    // The API's rules: a new owner must be Active; a lease that has not ended never covers an Inactive property.
    if ((!existing || existing.companyId !== company.id) && company.status !== 'Active') issues.push(issue(row, 'company', AGREEMENT_MESSAGES.ownerNotActive));
    const live = v.status !== 'Archived' && (!v.endDate || v.endDate >= today);
    for (const property of leased) {
      if (live && property.status === 'Inactive') issues.push(issue(row, 'properties', `${property.name}: ${AGREEMENT_MESSAGES.propertyInactive}`));
    }
    const removed = existing?.propertiesWithRecords.filter((id) => !leased.some((p) => p.id === id)) ?? [];
    if (removed.length > 0) {
      issues.push(issue(row, 'properties', 'A property with insurances or aircraft on this agreement cannot be removed by an import: remove it on the agreement page'));
    }
    if (issues.length > before) continue;

    const deposit = v.deposit === undefined ? null : { amountCents: toCents(v.deposit), received: v.depositReceived };
    plans.push({
      row,
      externalId: staged.externalId,
      columns: {
        title: v.title, agreementNum, description: v.description, status: v.status, startDate: v.startDate, endDate: v.endDate,
        renewable: v.renewable, leaseTerms: v.leaseTerms, companyId: company.id, invoiceCycleId, rentAdjustmentTypeId,
        adjustmentDate: v.adjustmentDate, adjustmentFreq: v.adjustmentFreq,
      },
      links: leased.map((p) => ({ propertyId: p.id, deposit })).sort((a, b) => (a.propertyId < b.propertyId ? -1 : 1)),
      hasDeposit: deposit !== null,
      rentCents: v.rent === undefined ? null : toCents(v.rent),
      properties: leased,
      existing,
    });
  }
  issues.push(...(await overlapIssues(db, plans)));
  return { plans, issues };
}

function oneOf<T>(found: T[] | undefined, none: () => void, several: () => void): T | null {
  if (!found || found.length === 0) none();
  else if (found.length > 1) several();
  else return found[0]!;
  return null;
}

/**
 * The database's exclusion constraint, asked before writing: a live lease of a property overlapping
 * another live lease of it, whether stored (one statement for the chunk) or on another row of the file.
 */
async function overlapIssues(db: DbOrTx, plans: readonly AgreementPlan[]): Promise<ImportIssue[]> {
  const names = new Map(plans.flatMap((p) => p.properties.map((property) => [property.id, property.name] as const)));
  const spans: LeaseSpan[] = plans
    .filter((p) => p.columns.status !== 'Archived')
    .flatMap((p) => p.links.map((l) => ({ row: p.row, externalId: p.externalId, propertyId: l.propertyId, start: p.columns.startDate, end: p.columns.endDate })));
  const issues = (await findOverlappingLeases(db, spans)).map((o) =>
    issue(o.row, 'properties', `${names.get(o.propertyId)}: ${AGREEMENT_MESSAGES.alreadyLeased} (agreement ${o.agreementNum})`),
  );
  // Between rows of the file: per property, in start order, each span against the longest-running one before it.
  const byProperty = new Map<string, LeaseSpan[]>();
  for (const span of spans) byProperty.set(span.propertyId, [...(byProperty.get(span.propertyId) ?? []), span]);
  for (const [propertyId, list] of byProperty) {
    list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.row - b.row));
    let reach: LeaseSpan | null = null;
    for (const span of list) {
      const endOf = (s: LeaseSpan) => s.end ?? '9999-12-31';
      if (reach && span.start <= endOf(reach) && reach.externalId !== span.externalId) {
        issues.push(issue(span.row, 'properties', `${names.get(propertyId)}: ${AGREEMENT_MESSAGES.alreadyLeased} (row ${reach.row})`));
      }
      if (!reach || endOf(span) > endOf(reach)) reach = span;
    }
  }
  return issues;
}
