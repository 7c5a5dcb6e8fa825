import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { addCredit, buildCompany, buildInvoice, moneyKey, superAdmin } from '../invoices/billing.test-support';
import { balanceRecords } from './balances.table';
import { balancesImport } from './balances.import';
import { commit, dryRun, exported, stage, undo, type Cells } from './imports.test-support';
import { importAndCommit, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import { BALANCE_IMPORT_COLUMNS } from '@apron/core';

/**
 * Import kind `balances` (issue 23), on PGlite and - with DATABASE_URL - PostgreSQL: opening
 * credits become the same ledger records Add Record writes, idempotently, never below zero.
 */
let t: TestApp;
let admin: Caller;
let skyline: { _id: string; name: string };
let harbor: { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  skyline = await buildCompany(admin);
  harbor = await buildCompany(admin);
});
afterAll(async () => t?.close());

const ledger = async (companyId: string) => (await admin.request({ method: 'GET', url: `/api/Company/Balances/${companyId}?pageSize=20` })).json();
const credit = (cells: Cells): Cells => ({ externalId: 'CR-1', company: skyline.name, amount: 250, dateApplied: '2025-01-02', ...cells });

describe('balances import: dry run', () => {
  it('names each problem by row and column, and writes nothing', async () => {
    const issues = await dryRun(t.db, balancesImport, [
      credit({ externalId: 'CR-1', company: 'Nobody Aviation' }),
      credit({ externalId: 'CR-2', amount: -5 }),
      credit({ externalId: 'CR-3', paidBy: 'Check' }),
      credit({ externalId: 'CR-4', paidBy: 'wire' }),
      credit({ externalId: 'CR-5', company: harbor.name, type: 'Debit', amount: 10 }),
    ]);
    expect(issues).toEqual([
      { row: 2, column: 'company', message: 'No company "Nobody Aviation"' },
      { row: 3, column: 'amount', message: 'Must be greater than 0' },
      { row: 4, column: 'accountNum', message: 'Account Number is required for a check' },
      { row: 4, column: 'routingNum', message: 'Routing Number is required for a check' },
      { row: 5, column: 'paidBy', message: 'Paid By must be Cash or Check' },
      { row: 6, column: 'amount', message: "The company's balance would fall below zero (-$10.00): its credits have been spent" },
    ]);
    expect(await t.db.select().from(balanceRecords).where(eq(balanceRecords.companyId, harbor._id))).toEqual([]);
  });
});

describe('balances import: commit, re-import, change, undo', () => {
  it('writes the records Add Record writes: the balance and the ledger show them as any credit', async () => {
    const file = [
      credit({ externalId: 'CR-1', company: `  ${skyline.name.toUpperCase()} `, note: 'Prepaid hangar rent' }),
      credit({ externalId: 'CR-2', amount: 100.5, dateApplied: '2025-01-03', paidBy: 'check', accountNum: '9876543210', routingNum: '021000021' }),
    ];
    const tracked = await commit(t.db, balancesImport, file);
    expect(tracked.map((r) => [r.entity, r.action])).toEqual([['balanceRecord', 'created'], ['balanceRecord', 'created']]);
    const read = await ledger(skyline._id);
    expect(read.balance).toBe(350.5);
    expect(read.records).toMatchObject([
      { type: 'Credit', amount: 100.5, accountNum: '****3210', routingNum: '021000021', dateApplied: '2025-01-03', runningBalance: 350.5 },
      { type: 'Credit', amount: 250, accountNum: '****', routingNum: '', reference: 'Cash: Prepaid hangar rent', dateApplied: '2025-01-02', runningBalance: 250 },
    ]);
    // The same file again: nothing created, nothing changed.
    expect(await commit(t.db, balancesImport, file)).toEqual([]);
    expect((await ledger(skyline._id)).records).toHaveLength(2);

    // A changed row updates its record, and undo puts it back.
    const changed = await commit(t.db, balancesImport, [file[0]!, { ...file[1]!, amount: 80 }]);
    expect(changed).toMatchObject([{ entity: 'balanceRecord', action: 'updated', before: { amountCents: 10050 }, after: { amountCents: 8000 } }]);
    expect((await ledger(skyline._id)).balance).toBe(330);
    expect(await undo(t.db, balancesImport, changed)).toBeNull();
    expect((await ledger(skyline._id)).balance).toBe(350.5);

    // Undo of the first batch removes its credits.
    expect(await undo(t.db, balancesImport, tracked)).toBeNull();
    expect(await ledger(skyline._id)).toMatchObject({ balance: 0, records: [] });
  });

  it('refuses to undo credits the company has spent since (the balance would fall below zero)', async () => {
    const company = await buildCompany(admin);
    const tracked = await commit(t.db, balancesImport, [credit({ externalId: 'CR-SPENT', company: company.name, amount: 100 })]);
    const invoice = await buildInvoice(admin, company._id, [{ name: 'Tie-down', description: 'Nightly', charges: 60, amount: 1 }]);
    const paid = await admin.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: { [invoice._id]: [invoice.lineItems[0]!._id] } });
    expect(paid.statusCode).toBe(200);
    expect(await undo(t.db, balancesImport, tracked)).toBe(`Imported credits have been spent since the import (the balance would fall below zero): ${company.name}`);
    // Lowering the credit below what was spent is refused by the dry run too.
    expect(await dryRun(t.db, balancesImport, [credit({ externalId: 'CR-SPENT', company: company.name, amount: 50 })])).toEqual([
      { row: 2, column: 'amount', message: "The company's balance would fall below zero (-$10.00): its credits have been spent" },
    ]);
    expect((await ledger(company._id)).balance).toBe(40);
  });

  it('exports the ledger in the template columns (a credit by hand too), which import again as they are', async () => {
    const company = await buildCompany(admin);
    await addCredit(admin, company._id, 75);
    await commit(t.db, balancesImport, [credit({ externalId: 'CR-EXP', company: company.name, amount: 20, note: 'Deposit refund' })]);
    const rows = (await exported(t.db, balancesImport)).filter((r) => r.company === company.name);
    expect(rows).toMatchObject([
      { company: company.name, amount: '75.00', type: 'Credit', paidBy: 'Check', accountNum: '6789', routingNum: '021000021' },
      { externalId: 'CR-EXP', company: company.name, amount: '20.00', type: 'Credit', paidBy: 'Cash', note: 'Deposit refund' },
    ]);
    expect(Object.keys(rows[0]!)).toEqual(balancesImport.columns.map((c) => c.key));
    expect(stage(balancesImport, rows).issues).toEqual([]);
    // Importing the export into the same airport finds every record (the hand credit by its `apron-<id>`): nothing changes.
    expect(await commit(t.db, balancesImport, rows)).toEqual([]);
  });
});

describe('balances import through HTTP', () => {
  const KEYS = BALANCE_IMPORT_COLUMNS.map((c) => c.key);
  const file = (rows: string[]) => [KEYS.join(','), ...rows].join('\r\n');

  it('template, dry run by row and column, commit, the same file again, a changed row, undo', async () => {
    const template = await admin.request({ method: 'GET', url: '/api/Imports/Templates/balances' });
    expect(template.statusCode).toBe(200);
    expect(template.body.split('\r\n')[0]).toBe(KEYS.join(','));

    const company = await buildCompany(admin);
    const bad = (await importFile(t, admin, 'balances', file([`OB-1,${company.name},"$1,250.00",01/15/2025,Credit,Opening,Cash,,`, 'OB-2,Nobody Aviation,10,2025-01-15,,,,,']))).json() as ImportPreviewBody;
    expect(bad.errors).toEqual([{ row: 3, column: 'company', message: 'No company "Nobody Aviation"' }]);
    expect((await ledger(company._id)).records).toEqual([]);

    const good = file([`OB-1,${company.name},"$1,250.00",01/15/2025,Credit,Opening,Cash,,`, `OB-2,${company.name},10,2025-01-16,,,check,123456789,021000021`]);
    const batch = await importAndCommit(t, admin, 'balances', good);
    expect(batch).toMatchObject({ status: 'committed', createdCount: 2, updatedCount: 0 });
    expect(await ledger(company._id)).toMatchObject({ balance: 1260, records: [{ amount: 10, accountNum: '****6789' }, { amount: 1250, reference: 'Cash: Opening', dateApplied: '2025-01-15' }] });
    expect(await importAndCommit(t, admin, 'balances', good)).toMatchObject({ createdCount: 0, updatedCount: 0 });
    const changed = await importAndCommit(t, admin, 'balances', good.replace('"$1,250.00"', '1300'));
    expect(changed).toMatchObject({ createdCount: 0, updatedCount: 1 });
    expect((await ledger(company._id)).balance).toBe(1310);
    expect((await undoImport(admin, changed.batchId)).json()).toMatchObject({ status: 'undone' });
    expect((await ledger(company._id)).balance).toBe(1260);
  });
});
