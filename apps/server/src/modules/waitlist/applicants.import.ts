import { APPLICANT_IMPORT_COLUMNS, daysBetween, ZApplicantImportRow, type ImportIssue, type TApplicantImportRow } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { refuseIssuesFoundAtCommit } from '../../platform/imports/refuse';
import {
  deleteApplicants, findApplicantsByExternalIds, insertApplicants, listApplicantsForExport, propertyTypeIdsByName, updateApplicants,
  type ApplicantFields, type StoredApplicant,
} from './applicants-import.repo';
import { airportTimeZone } from './waitlist.repo';

/**
 * The `applicants` kind of the import (issue 23, docs/import.md "Wait-list applicants"): people on a
 * property type's wait list, with the day they joined and their place in the old system's list.
 *
 * Place: new applicants go to the end of their type's queue, after everyone already waiting, in
 * the order of their place in the file (those without one after those with one, by join date), so
 * the imported list reads in the same order and nobody already waiting loses their place. A re-import
 * does not move anyone already imported: only staff's audited move does (PRODUCT-RULES 20).
 * No e-mail and no event: these people joined long ago, and their welcome was the old system's.
 */
interface ApplicantPlan {
  row: number;
  externalId: string;
  fields: ApplicantFields;
  rank: number;
  existing: StoredApplicant | null;
}

/** Queue order key of a new applicant (microseconds after the batch's start): its place, else after every place, by join date. */
function rankOf(value: TApplicantImportRow): number {
  return value.place ?? 1_000_000 + daysBetween('1900-01-01', value.joinedAt);
}

async function planApplicants(db: DbOrTx, rows: readonly StagedRow<TApplicantImportRow>[], timeZone: string) {
  const types = await propertyTypeIdsByName(db, rows.map((r) => r.value.propertyType));
  const stored = await findApplicantsByExternalIds(db, rows.map((r) => r.externalId), timeZone);
  const issues: ImportIssue[] = [];
  const plans: ApplicantPlan[] = [];
  const places = new Map<string, number>();
  for (const { row, externalId, value: v } of rows) {
    const propertyTypeId = types.get(v.propertyType.toLowerCase());
    if (!propertyTypeId) {
      issues.push({ row, column: 'propertyType', message: `No property type is named "${v.propertyType}"` });
      continue;
    }
    if (v.place !== undefined) {
      const key = `${propertyTypeId}|${v.place}`;
      const other = places.get(key);
      if (other !== undefined) issues.push({ row, column: 'place', message: `Place ${v.place} on the ${v.propertyType} list is also on row ${other}` });
      places.set(key, row);
    }
    const fields: ApplicantFields = {
      propertyTypeId, firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone, organization: v.organization,
      aircraftType: v.aircraftType, status: v.status, joinedOn: v.joinedAt,
    };
    plans.push({ row, externalId, fields, rank: rankOf(v), existing: stored.get(externalId) ?? null });
  }
  return { plans, issues };
}

const fieldsOf = (s: StoredApplicant): ApplicantFields => ({
  propertyTypeId: s.propertyTypeId, firstName: s.firstName, lastName: s.lastName, email: s.email, phone: s.phone, organization: s.organization,
  aircraftType: s.aircraftType, status: s.status, joinedOn: s.joinedOn,
});
const sameFields = (a: ApplicantFields, b: ApplicantFields) => JSON.stringify(a) === JSON.stringify(b);

export const applicantsImport: ImportKind<TApplicantImportRow> = {
  kind: 'applicants',
  columns: APPLICANT_IMPORT_COLUMNS,
  schema: ZApplicantImportRow,

  async check(db, rows, ctx) {
    return (await planApplicants(db, rows, ctx.timeZone)).issues;
  },

  async commit(tx, rows, ctx) {
    const { plans, issues } = await planApplicants(tx, rows, ctx.timeZone);
    refuseIssuesFoundAtCommit(issues);
    const created = plans.filter((p) => !p.existing);
    const updated = plans.filter((p) => p.existing && !sameFields(p.fields, fieldsOf(p.existing)));
    const ids = await insertApplicants(tx, created.map((p) => ({ externalId: p.externalId, fields: p.fields, rank: p.rank })), ctx.timeZone);
    await updateApplicants(tx, updated.map((p) => ({ id: p.existing!.id, fields: p.fields })), ctx.timeZone);
    const records: TrackedRecord[] = [
      ...created.map((p) => ({ entity: 'waitlistApplicant', id: ids.get(p.externalId)!, action: 'created' as const, after: { externalId: p.externalId, ...p.fields } })),
      ...updated.map((p) => {
        const { id: _id, externalId: _externalId, ...before } = p.existing!;
        return { entity: 'waitlistApplicant', id: p.existing!.id, action: 'updated' as const, before: { ...before }, after: { ...p.fields } };
      }),
    ];
    await ctx.track(tx, records);
  },

  async undo(tx, records, ctx) {
    await deleteApplicants(tx, records.filter((r) => r.action === 'created').map((r) => r.id));
    const restored = records.filter((r) => r.action === 'updated' && r.before).map((r) => {
      const before = r.before as unknown as StoredApplicant;
      return { id: r.id, fields: before, joinedAt: before.joinedAt, queuedAt: before.queuedAt };
    });
    await updateApplicants(tx, restored, ctx.timeZone);
  },

  async *exportRows(db) {
    for (const r of await listApplicantsForExport(db, await airportTimeZone(db))) {
      yield {
        externalId: r.externalId ?? r.id, propertyType: r.typeName, firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone,
        organization: r.organization, aircraftType: r.aircraftType, joinedAt: r.joinedOn, place: String(r.place), status: r.status,
      };
    }
  },
};
