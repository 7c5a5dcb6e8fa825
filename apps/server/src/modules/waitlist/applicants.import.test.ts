import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApplicantImportRow, type TApplicantImportRow, type TWaitlistGridRow } from '@apron/core';
import { APPLICANT_IMPORT_COLUMNS } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { importAndCommit, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import type { CommitContext, ImportContext, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { setSystemSetting } from '../settings/settings.test-support';
import { applicantsImport as kind } from './applicants.import';

/**
 * Issue 23: the `applicants` kind through HTTP (template, dry run, commit, re-import, undo), and
 * called directly with a batch cut into chunks as the engine cuts it; what it wrote is read back
 * through the wait list's own API (the type grid and its Queue #). Runs on PostgreSQL too.
 */
let t: TestApp;
let admin: Caller;
let hangarType: string;
const ctx: ImportContext = { batchId: '00000000-0000-4000-8000-000000000002', actor: { user: null }, today: '2026-11-27', timeZone: 'America/Los_Angeles' };

function staged(rows: Array<Record<string, unknown>>): StagedRow<TApplicantImportRow>[] {
  return rows.map((row, i) => ({ row: i + 2, externalId: String(row.externalId), value: ZApplicantImportRow.parse(row) }));
}

/** One batch: its chunks committed in one transaction, as the engine does. */
async function commit(...chunks: StagedRow<TApplicantImportRow>[][]): Promise<TrackedRecord[]> {
  const tracked: TrackedRecord[] = [];
  const commitCtx: CommitContext = { ...ctx, track: async (_tx, records) => void tracked.push(...records), progress: async () => {} };
  await t.db.transaction(async (tx) => {
    for (const chunk of chunks) await kind.commit(tx, chunk, commitCtx);
  });
  return tracked;
}

async function queue(): Promise<string[]> {
  const res = await admin.request({ method: 'GET', url: `/api/WaitList/Type/${hangarType}?pageSize=20` });
  expect(res.statusCode).toBe(200);
  return (res.json() as TWaitlistGridRow[]).map((r) => `${r.queuePosition}:${r.firstName}`);
}

const person = (externalId: string, firstName: string, spec: Record<string, unknown> = {}) => ({
  externalId, propertyType: 'import t-hangar', firstName, lastName: 'Pilot', joinedAt: '2019-03-14', ...spec,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Waitlist', 'Property', 'Settings'], isAdmin: true });
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '0'));
  const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Import T-Hangar' } });
  hangarType = type.json()._id;
  // Two people already waiting, who joined through the site.
  for (const firstName of ['Early', 'Recent']) {
    const res = await admin.request({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: hangarType, firstName, lastName: 'Walkin' } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

describe('applicants import', () => {
  it('names problems by row and column', async () => {
    const issues = await kind.check(t.db, staged([
      person('BAD-1', 'A', { propertyType: 'Submarine pen' }),
      person('BAD-2', 'B', { place: 3 }),
      person('BAD-3', 'C', { place: 3 }),
    ]), ctx);
    expect(issues).toEqual([
      { row: 2, column: 'propertyType', message: 'No property type is named "Submarine pen"' },
      { row: 4, column: 'place', message: 'Place 3 on the import t-hangar list is also on row 3' },
    ]);
    expect(ZApplicantImportRow.safeParse(person('BAD-4', 'D', { email: 'not-an-email' })).error?.issues[0]).toMatchObject({ path: ['email'], message: 'Email is not valid' });
  });

  it('appends new applicants after those waiting, in their place order whatever the chunks; keeps the join date; re-import and undo', async () => {
    // The engine cuts a batch into chunks in external-id order: places 3 and 1 in one chunk, 2 in the next.
    const batch = await commit(
      staged([person('WL-A', 'Third', { place: 3 }), person('WL-B', 'First', { place: 1, status: 'Paid' })]),
      staged([person('WL-C', 'Second', { place: 2, email: 'Second@Example.com' })]),
    );
    const second = batch.filter((r) => r.after?.externalId === 'WL-C');
    expect(await queue()).toEqual(['1:Early', '2:Recent', '3:First', '4:Second', '5:Third']);

    const byId = await admin.request({ method: 'GET', url: `/api/WaitList/${second[0]!.id}` });
    expect(byId.json()).toMatchObject({ email: 'second@example.com', status: 'Unpaid', queuePosition: 4 });
    expect(byId.json().createdAt.slice(0, 10)).toBe('2019-03-14');

    // The same rows again: nothing; a changed row updates in place (its queue place stays).
    expect(await commit(staged([person('WL-A', 'Third', { place: 3 }), person('WL-B', 'First', { place: 1, status: 'Paid' })]))).toEqual([]);
    const changed = await commit(staged([person('WL-A', 'Third', { place: 1, organization: 'Thirdly Aero' })]));
    expect(changed).toEqual([expect.objectContaining({ action: 'updated', before: expect.objectContaining({ organization: '' }) })]);
    expect(await queue()).toEqual(['1:Early', '2:Recent', '3:First', '4:Second', '5:Third']);

    await t.db.transaction((tx) => kind.undo(tx, changed, ctx));
    expect((await admin.request({ method: 'GET', url: `/api/WaitList/${changed[0]!.id}` })).json()).toMatchObject({ organization: '', queuePosition: 5 });
    await t.db.transaction((tx) => kind.undo(tx, batch, ctx));
    expect(await queue()).toEqual(['1:Early', '2:Recent']);
  });

  it('exports applicants in the template columns, with their place', async () => {
    await commit(staged([person('WL-X', 'Exported', { place: 7, phone: '7755550100' })]));
    const rows: Array<Record<string, string>> = [];
    for await (const row of kind.exportRows(t.db)) rows.push(row);
    expect(rows.find((r) => r.externalId === 'WL-X')).toMatchObject({ propertyType: 'Import T-Hangar', firstName: 'Exported', joinedAt: '2019-03-14', place: '3', phone: '7755550100' });
    expect(Object.keys(rows[0]!)).toEqual(kind.columns.map((c) => c.key));
  });
});

describe('applicants import through HTTP', () => {
  const header = APPLICANT_IMPORT_COLUMNS.map((c) => c.key).join(',');
  const line = (values: Record<string, string>) => APPLICANT_IMPORT_COLUMNS.map((c) => values[c.key] ?? '').join(',');

  it('answers its template, reports bad rows by row and column, commits in place order, re-imports nothing, and undoes', async () => {
    const template = await admin.request({ method: 'GET', url: '/api/Imports/Templates/applicants' });
    expect(template.statusCode).toBe(200);
    expect(template.body.split('\r\n')[0]).toBe(header);

    const bad = [header,
      line({ externalId: 'H-1', propertyType: 'Import T-Hangar', firstName: 'Ann', lastName: 'Lee', joinedAt: '02/30/2018', place: '1' }),
      line({ externalId: 'H-2', propertyType: 'Import T-Hangar', firstName: 'Bo', lastName: 'Ng', joinedAt: '2018-03-01', place: '0', email: 'bo@' }),
    ].join('\n');
    const preview = (await importFile(t, admin, 'applicants', bad)).json() as ImportPreviewBody;
    expect(preview.errors.map((e) => `${e.row}:${e.column}`)).toEqual(['2:joinedAt', '3:email', '3:place']);

    const good = [header,
      line({ externalId: 'H-1', propertyType: 'import t-hangar', firstName: 'Ann', lastName: 'Lee', joinedAt: '02/28/2018', place: '2' }),
      line({ externalId: 'H-2', propertyType: 'Import T-Hangar', firstName: 'Bo', lastName: 'Ng', joinedAt: '2018-03-01', place: '1', email: 'Bo@Example.com' }),
    ].join('\n');
    const batch = await importAndCommit(t, admin, 'applicants', good);
    expect(batch).toMatchObject({ status: 'committed', createdCount: 2 });
    const before = await queue();
    expect(before.slice(-2).map((q) => q.split(':')[1])).toEqual(['Bo', 'Ann']);
    expect(await importAndCommit(t, admin, 'applicants', good)).toMatchObject({ createdCount: 0, updatedCount: 0 });
    expect((await undoImport(admin, batch.batchId)).statusCode).toBe(200);
    expect(await queue()).toEqual(before.slice(0, -2));
  });
});
