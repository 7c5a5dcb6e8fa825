import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_IMPORT_COLUMNS } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { commitImport, importAndCommit, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import { mailOutbox } from '../../platform/mail/mail.table';
import { FIRST_AIRPORT_ID, withAirport } from '../../platform/tenancy/index';
import { buildAgreement, buildCompany, buildLeaseMasterData } from '../agreements/agreements.test-support';
import { companiesImportKind } from './companies.import';

/** Issue 23: the `companies` kind (companies with their users) through HTTP. */
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
});
afterAll(async () => t?.close());

const HEADER = COMPANY_IMPORT_COLUMNS.map((c) => c.key);
const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A companies file: the template's header and one line per row (missing cells empty). */
function csv(...rows: Array<Record<string, string>>): string {
  return [HEADER.join(','), ...rows.map((row) => HEADER.map((key) => quote(row[key] ?? '')).join(','))].join('\r\n');
}

function row(externalId: string, spec: Record<string, string> = {}): Record<string, string> {
  return {
    externalId,
    name: `Owner ${externalId}`,
    description: 'Hangar tenant',
    email: `Office-${externalId}@Example.test`,
    phone: '7755550100',
    zip: '01234',
    isPaperless: 'yes',
    ...spec,
  };
}

async function companyByName(name: string) {
  const res = await admin.request({ method: 'GET', url: `/api/Company?q=${encodeURIComponent(name)}&pageSize=20` });
  return (res.json() as Array<{ _id: string; name: string }>).find((c) => c.name === name);
}
const getCompany = async (id: string) => (await admin.request({ method: 'GET', url: `/api/Company/${id}` })).json();
const getUsers = async (id: string) => (await admin.request({ method: 'GET', url: `/api/Company/Users/${id}` })).json() as Array<{ email: string; givenName: string; familyName: string }>;

describe('companies import', () => {
  it('the template is the columns and an example row that imports', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Imports/Templates/companies' });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(HEADER.join(','));
    const preview = (await importFile(t, admin, 'companies', res.body)).json() as ImportPreviewBody;
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toHaveLength(1);
  });

  it('a dry run names bad cells and e-mails that are already someone else, by row, and writes nothing', async () => {
    const staffAccount = await signIn(t, { modules: ['Lease'] });
    const owner = await buildCompany(admin, { name: 'Existing Owner' });
    const tenant = await signIn(t, { isInternal: false, companyId: owner._id });
    const res = await importFile(t, admin, 'companies', csv(
      row('C-1', { zip: '89423-12', email: 'not-an-email' }),
      row('C-2', { userEmails: `${staffAccount.user.email};${tenant.user.email};new@example.test` }),
      row('C-3', { userEmails: 'new@example.test', userNames: 'One;Two' }),
      row('C-4', { userEmails: 'NEW@example.test' }),
    ));
    expect(res.statusCode).toBe(200);
    expect((res.json() as ImportPreviewBody).errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'zip', message: 'Zip must be numeric' },
        { row: 2, column: 'email', message: 'Email is not valid' },
        { row: 3, column: 'userEmails', message: `${staffAccount.user.email} is the e-mail of a staff account` },
        { row: 3, column: 'userEmails', message: `${tenant.user.email} is already a user of Existing Owner` },
        { row: 4, column: 'userNames', message: 'More user names than user e-mails: names are matched to e-mails by position' },
        { row: 5, column: 'userEmails', message: 'new@example.test is also a user on row 3: a person is a user of one company at an airport' },
      ]),
    );
    expect(await companyByName('Owner C-2')).toBeUndefined();
  });

  it('commits companies with their users and sends no e-mail; the same file again changes nothing', async () => {
    const mailsBefore = (await t.db.select().from(mailOutbox)).length;
    const file = csv(
      row('OLD-1', { userEmails: 'ann@sierra.test; Bo@Sierra.test', userNames: 'Mary Ann Smith;Bo', contactName: 'Mary Ann' }),
      row('OLD-2', { status: 'Approval Needed', isPaperless: 'no' }),
    );
    expect(await importAndCommit(t, admin, 'companies', file)).toMatchObject({ status: 'committed', createdCount: 4, updatedCount: 0 });
    const first = (await companyByName('Owner OLD-1'))!;
    expect(await getCompany(first._id)).toMatchObject({ email: 'office-old-1@example.test', zip: '01234', contactname: 'Mary Ann', isPaperless: true, status: 'Active' });
    expect(await getCompany((await companyByName('Owner OLD-2'))!._id)).toMatchObject({ status: 'Approval Needed', isPaperless: false });
    expect(await getUsers(first._id)).toEqual([
      expect.objectContaining({ email: 'ann@sierra.test', givenName: 'Mary Ann', familyName: 'Smith' }),
      expect.objectContaining({ email: 'bo@sierra.test', givenName: 'Bo', familyName: '' }),
    ]);
    expect((await t.db.select().from(mailOutbox)).length).toBe(mailsBefore);

    expect(await importAndCommit(t, admin, 'companies', file)).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 0 });
  });

  it('a changed row updates its company and adds new users; undo puts it back', async () => {
    await importAndCommit(t, admin, 'companies', csv(row('OLD-3', { userEmails: 'cy@example.test' })));
    const company = (await companyByName('Owner OLD-3'))!;
    const batch = await importAndCommit(t, admin, 'companies', csv(row('OLD-3', { phone: '7755559999', userEmails: 'cy@example.test;di@example.test' })));
    expect(batch).toMatchObject({ createdCount: 1, updatedCount: 1 });
    expect(await getCompany(company._id)).toMatchObject({ phone: '7755559999' });
    expect((await getUsers(company._id)).map((u) => u.email)).toEqual(['cy@example.test', 'di@example.test']);

    expect((await undoImport(admin, batch.batchId)).statusCode).toBe(200);
    expect(await getCompany(company._id)).toMatchObject({ phone: '7755550100' });
    expect((await getUsers(company._id)).map((u) => u.email)).toEqual(['cy@example.test']);
  });

  it('undo is refused while a created company has agreements since', async () => {
    const batch = await importAndCommit(t, admin, 'companies', csv(row('OLD-4', { userEmails: 'eve@example.test' }), row('OLD-5')));
    const leased = (await companyByName('Owner OLD-4'))!;
    await buildAgreement(admin, await buildLeaseMasterData(admin), leased._id);
    const refused = await undoImport(admin, batch.batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This import cannot be undone: Company Owner OLD-4 has lease agreements since the import: undoing would lose them');
    expect(await companyByName('Owner OLD-5')).toBeDefined();
  });

  it('undo deletes what it created', async () => {
    const batch = await importAndCommit(t, admin, 'companies', csv(row('OLD-6', { userEmails: 'fay@example.test' })));
    const company = (await companyByName('Owner OLD-6'))!;
    expect((await undoImport(admin, batch.batchId)).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/Company/${company._id}` })).statusCode).toBe(404);
    // The e-mail is free again.
    expect((await importFile(t, admin, 'companies', csv(row('OLD-7', { userEmails: 'fay@example.test' })))).json().errors).toEqual([]);
  });

  it('a committed file whose e-mail was taken since the dry run fails whole', async () => {
    const preview = (await importFile(t, admin, 'companies', csv(row('OLD-8', { userEmails: 'gus@example.test' })))).json() as ImportPreviewBody;
    await signIn(t, { email: 'gus@example.test', modules: ['Lease'] });
    const batch = await commitImport(t, admin, preview.batchId);
    expect(batch.status).toBe('failed');
    expect(batch.error).toContain('gus@example.test is the e-mail of a staff account');
    expect(await companyByName('Owner OLD-8')).toBeUndefined();
  });

  it('exports every company in the template columns, and the export imports back unchanged', async () => {
    const onScreen = await buildCompany(admin, { name: 'Added On Screen', zip: '00501' });
    const rows = await withAirport(FIRST_AIRPORT_ID, async () => {
      const all: Array<Record<string, string>> = [];
      for await (const line of companiesImportKind.exportRows(t.db)) all.push(line);
      return all;
    });
    expect(Object.keys(rows[0]!)).toEqual(HEADER);
    expect(rows.find((r) => r.externalId === 'OLD-1')).toMatchObject({
      userEmails: 'ann@sierra.test;bo@sierra.test', userNames: 'Mary Ann Smith;Bo', isPaperless: 'yes', zip: '01234', contactName: 'Mary Ann',
    });
    // A company added on the screen has no external id: its id stands in, so the file imports back onto it.
    expect(rows.find((r) => r.externalId === onScreen._id)).toMatchObject({ name: 'Added On Screen', zip: '00501' });
    expect(await importAndCommit(t, admin, 'companies', csv(...rows))).toMatchObject({ createdCount: 0, updatedCount: 0 });
  });
});
