import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_IMPORT_COLUMNS } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { commit, dryRun, exportAll, undo, type KindRun } from '../../platform/imports/run-kind.test-support';
import { mailOutbox } from '../../platform/mail/mail.table';
import { buildAgreement, buildCompany, buildLeaseMasterData } from '../agreements/agreements.test-support';
import { companiesImportKind as kind } from './companies.import';

let t: TestApp;
let admin: Caller;
let run: KindRun;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  run = { t, actor: { id: admin.user.id, email: admin.user.email } };
});
afterAll(async () => t?.close());

/** A row as the engine hands it to the schema: cells normalised by their column's type. */
function row(externalId: string, spec: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    externalId,
    name: `Owner ${externalId}`,
    description: 'Hangar tenant',
    email: `office-${externalId.toLowerCase()}@example.test`,
    phone: '7755550100',
    zip: '01234',
    isPaperless: true,
    ...spec,
  };
}

const getCompany = async (id: string) => (await admin.request({ method: 'GET', url: `/api/Company/${id}` })).json();
const getUsers = async (id: string) => (await admin.request({ method: 'GET', url: `/api/Company/Users/${id}` })).json() as Array<{ email: string; givenName: string; familyName: string }>;

describe('companies import', () => {
  it("the template's example row passes the schema", async () => {
    const example = Object.fromEntries(COMPANY_IMPORT_COLUMNS.map((c) => [c.key, c.example]));
    const cells = { ...example, isPaperless: true, userEmails: example.userEmails!.split(';'), userNames: example.userNames!.split(';') };
    expect(await dryRun(run, kind, [cells])).toEqual([]);
  });

  it('dry run: field errors by row and column, and e-mails that are already someone else', async () => {
    const staffAccount = await signIn(t, { modules: ['Lease'] });
    const owner = await buildCompany(admin, { name: 'Existing Owner' });
    const tenant = await signIn(t, { isInternal: false, companyId: owner._id });
    const issues = await dryRun(run, kind, [
      row('C-1', { zip: '89423-12', email: 'not-an-email' }),
      row('C-2', { userEmails: [staffAccount.user.email, tenant.user.email, 'new@example.test'] }),
      row('C-3', { userEmails: ['new@example.test'], userNames: ['One', 'Two'] }),
      row('C-4', { userEmails: ['new@example.test'] }),
    ]);
    expect(issues).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'zip', message: 'Zip must be numeric' },
        { row: 2, column: 'email', message: 'Email is not valid' },
        { row: 2 + 1, column: 'userEmails', message: `${staffAccount.user.email} is the e-mail of a staff account` },
        { row: 3, column: 'userEmails', message: `${tenant.user.email} is already a user of Existing Owner` },
        { row: 4, column: 'userNames', message: 'More user names than user e-mails: names are matched to e-mails by position' },
        { row: 5, column: 'userEmails', message: 'new@example.test is also a user on row 3: a person is a user of one company' },
      ]),
    );
    expect(issues).toHaveLength(6);
  });

  it('commits companies with their users, sends no e-mail, and a second import changes nothing', async () => {
    const mailsBefore = (await t.db.select().from(mailOutbox)).length;
    const file = [
      row('OLD-1', { userEmails: ['ann@sierra.test', 'bo@sierra.test'], userNames: ['Mary Ann Smith', 'Bo'], contactName: 'Mary Ann' }),
      row('OLD-2', { status: 'Approval Needed', isPaperless: false }),
    ];
    const tracked = await commit(run, kind, file);
    expect(tracked.map((r) => [r.entity, r.action])).toEqual([['company', 'created'], ['company', 'created'], ['account', 'created'], ['account', 'created']]);
    const first = await getCompany(tracked[0]!.id);
    expect(first).toMatchObject({ name: 'Owner OLD-1', zip: '01234', contactname: 'Mary Ann', isPaperless: true, status: 'Active' });
    expect(await getCompany(tracked[1]!.id)).toMatchObject({ status: 'Approval Needed', isPaperless: false });
    expect(await getUsers(tracked[0]!.id)).toEqual([
      expect.objectContaining({ email: 'ann@sierra.test', givenName: 'Mary Ann', familyName: 'Smith' }),
      expect.objectContaining({ email: 'bo@sierra.test', givenName: 'Bo', familyName: '' }),
    ]);
    expect((await t.db.select().from(mailOutbox)).length).toBe(mailsBefore);

    expect(await dryRun(run, kind, file)).toEqual([]);
    expect(await commit(run, kind, file)).toEqual([]);
  });

  it('a changed row updates its company (tracked with before) and adds new users; undo puts it back', async () => {
    const [created] = await commit(run, kind, [row('OLD-3', { userEmails: ['cy@example.test'] })]);
    const tracked = await commit(run, kind, [row('OLD-3', { phone: '7755559999', userEmails: ['cy@example.test', 'di@example.test'] })]);
    expect(tracked.map((r) => [r.entity, r.action])).toEqual([['company', 'updated'], ['account', 'created']]);
    expect(tracked[0]).toMatchObject({ id: created!.id, before: { phone: '7755550100' }, after: { phone: '7755559999' } });
    expect((await getUsers(created!.id)).map((u) => u.email)).toEqual(['cy@example.test', 'di@example.test']);

    expect(await undo(run, kind, tracked)).toBeNull();
    expect(await getCompany(created!.id)).toMatchObject({ phone: '7755550100' });
    expect((await getUsers(created!.id)).map((u) => u.email)).toEqual(['cy@example.test']);
  });

  it('undo deletes the companies and users it created, unless the company has agreements since', async () => {
    const tracked = await commit(run, kind, [row('OLD-4', { userEmails: ['eve@example.test'] }), row('OLD-5')]);
    const [leased, plain] = tracked.filter((r) => r.entity === 'company');
    await buildAgreement(admin, await buildLeaseMasterData(admin), leased!.id);
    expect(await undo(run, kind, tracked)).toBe('Company Owner OLD-4 has lease agreements since the import: undoing would lose them');
    expect((await admin.request({ method: 'GET', url: `/api/Company/${leased!.id}` })).statusCode).toBe(200);

    const alone = tracked.filter((r) => r.id === plain!.id);
    expect(await undo(run, kind, alone)).toBeNull();
    expect((await admin.request({ method: 'GET', url: `/api/Company/${plain!.id}` })).statusCode).toBe(404);
  });

  it('exports every company in the template columns, and the export imports back unchanged', async () => {
    await buildCompany(admin, { name: 'Added On Screen' });
    const rows = await exportAll(run, kind);
    expect(Object.keys(rows[0]!)).toEqual(COMPANY_IMPORT_COLUMNS.map((c) => c.key));
    const first = rows.find((r) => r.externalId === 'OLD-1')!;
    expect(first).toMatchObject({ userEmails: 'ann@sierra.test;bo@sierra.test', userNames: 'Mary Ann Smith;Bo', isPaperless: 'yes', zip: '01234' });
    // Cells as the engine normalises them (lists split, booleans read), then the same import again.
    const cells = rows.map((r) => ({
      ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== '')),
      isPaperless: r.isPaperless === 'yes',
      userEmails: r.userEmails ? r.userEmails.split(';') : [],
      userNames: r.userNames ? r.userNames.split(';') : [],
    }));
    expect(await dryRun(run, kind, cells)).toEqual([]);
    expect(await commit(run, kind, cells)).toEqual([]);
  });
});
