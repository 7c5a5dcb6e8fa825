import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_IMPORT_COLUMNS, type TInvoice } from '@apron/core';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { importAndCommit, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import { addCredit, buildCompany, superAdmin } from '../invoices/billing.test-support';
import { runOverdueInvoices } from '../invoices/invoices.seed-support';
import { invoicesImport } from './invoices.import';
import { exported, stage } from './imports.test-support';

/**
 * Import kind `invoices` (issue 23) through HTTP, on PGlite and - with DATABASE_URL - PostgreSQL:
 * open historical invoices with their lines and payments, as the invoices, receipts, balances and
 * A/R aging read them.
 */
let t: TestApp;
let admin: Caller;
let alpha: { _id: string; name: string };
let bravo: { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  alpha = await buildCompany(admin);
  bravo = await buildCompany(admin);
});
afterAll(async () => t?.close());

const KEYS = INVOICE_IMPORT_COLUMNS.map((c) => c.key);
type Line = Partial<Record<(typeof KEYS)[number], string>>;
const csv = (lines: Line[]) => [KEYS.join(','), ...lines.map((l) => KEYS.map((k) => JSON.stringify(l[k] ?? '')).join(','))].join('\r\n');
const line = (l: Line): Line => ({ invoiceDate: '2024-03-01', dueDate: '2024-03-31', lineDescription: '', quantity: '1', ...l });

async function invoicesOf(companyId: string): Promise<TInvoice[]> {
  const grid = (await admin.request({ method: 'GET', url: `/api/Invoices?tenantId=${companyId}&pageSize=20&sort=invoiceNumber:asc` })).json() as Array<{ _id: string }>;
  return Promise.all(grid.map(async (row) => (await admin.request({ method: 'GET', url: `/api/Invoices/${row._id}` })).json() as TInvoice));
}

describe('invoices import', () => {
  it('the template is the columns and an example row that passes its own dry run', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Imports/Templates/invoices' });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(KEYS.join(','));
    const example = Object.fromEntries(INVOICE_IMPORT_COLUMNS.map((c) => [c.key, c.example]));
    expect(stage(invoicesImport, [example]).issues).toEqual([]);
  });

  it('a dry run names each problem by row and column and writes nothing', async () => {
    const file = csv([
      line({ externalId: 'BAD-1', line: '1', company: alpha.name, lineName: 'Rent', charges: '100.00' }),
      line({ externalId: 'BAD-1', line: '2', company: alpha.name, lineName: 'Fuel', charges: '10.00', dueDate: '2024-04-30' }),
      line({ externalId: 'BAD-2', line: '1', company: alpha.name, lineName: 'Rent', charges: '50.00', invoiceTotal: '100.00' }),
      line({ externalId: 'BAD-3', line: '1', company: alpha.name, lineName: 'Rent', charges: '50.00', amountPaid: '20.00', paidOn: '2024-03-10' }),
      line({ externalId: 'BAD-3', line: '2', company: alpha.name, lineName: 'Fee', charges: '50.00', amountPaid: '80.00', paidOn: '2024-03-10' }),
      line({ externalId: 'BAD-4', line: '1', company: 'Nobody Aviation', lineName: 'Rent', charges: '50.00' }),
      line({ externalId: 'BAD-5', line: '1', company: alpha.name, lineName: 'Rent', charges: '50.00', quantity: '2', lineTotal: '50.00' }),
      line({ externalId: 'BAD-6', line: '1', company: alpha.name, lineName: 'Rent', charges: '50.00', amountPaid: '50.00' }),
    ]);
    const res = await importFile(t, admin, 'invoices', file);
    expect(res.statusCode).toBe(200);
    const preview = res.json() as ImportPreviewBody;
    expect(preview.errors).toEqual([
      { row: 3, column: 'dueDate', message: 'Differs from row 2 of the same invoice' },
      { row: 4, column: 'invoiceTotal', message: 'Invoice total $100.00 differs from the sum of its lines ($50.00)' },
      { row: 5, column: 'amountPaid', message: 'A line is paid in full or not at all ($50.00): split it into a paid and an unpaid line' },
      { row: 6, column: 'amountPaid', message: "More than the line's total ($50.00) was paid" },
      { row: 7, column: 'company', message: 'No company "Nobody Aviation"' },
      { row: 8, column: 'lineTotal', message: 'Line total $50.00 differs from unit price x quantity ($100.00)' },
      { row: 9, column: 'paidOn', message: 'Paid On is required when an amount was paid' },
    ]);
    expect(await invoicesOf(alpha._id)).toEqual([]);
    expect((await admin.request({ method: 'POST', url: `/api/Imports/${preview.batchId}/Commit` })).statusCode).toBe(409);
  });

  it('commits open invoices with their payments: statuses, receipts, numbers, A/R aging; no late fee for history', async () => {
    const file = csv([
      line({ externalId: 'INV-10', line: '1', company: alpha.name, invoiceNumber: '20240010', name: 'March rent', lineName: 'Hangar rent', charges: '450.00', amountPaid: '450.00', paidOn: '2024-03-15', paymentMethod: 'Check', paymentReference: 'Check 1042' }),
      line({ externalId: 'INV-10', line: '2', company: alpha.name, invoiceNumber: '20240010', name: 'March rent', lineName: 'Fuel', charges: '2.50', quantity: '100', invoiceTotal: '' }),
      line({ externalId: 'INV-11', line: '1', company: alpha.name, name: 'Future rent', dueDate: '2099-12-31', lineName: 'Hangar rent', charges: '300.00' }),
      line({ externalId: 'INV-12', line: '1', company: bravo.name, name: 'Paid tie-downs', lineName: 'Tie-down', charges: '25.00', quantity: '4', amountPaid: '100.00', paidOn: '2024-03-05', paymentMethod: 'cash', paymentReference: 'Front desk' }),
      line({ externalId: 'INV-12', line: '2', company: bravo.name, name: 'Paid tie-downs', lineName: 'Fuel', charges: '40.00', amountPaid: '40.00', paidOn: '2024-03-05', paymentMethod: 'cash', paymentReference: 'Front desk' }),
    ]);
    const batch = await importAndCommit(t, admin, 'invoices', file);
    expect(batch).toMatchObject({ status: 'committed', error: null });

    const [march, future] = await invoicesOf(alpha._id);
    expect(march).toMatchObject({ name: 'March rent', originalNumber: '20240010', status: 'Overdue', amountTotal: 700, amountPaid: 450, amountDue: 250, dueDate: '2024-03-31' });
    expect(march!.lineItems.map((l) => [l.name, l.total, l.isPaid])).toEqual([['Hangar rent', 450, true], ['Fuel', 250, false]]);
    expect(future).toMatchObject({ name: 'Future rent', status: 'Created', amountDue: 300, originalNumber: null });
    expect(future!.invoiceNumber).toBe(march!.invoiceNumber + 1); // one block from the airport's counter, in file order
    const [paid] = await invoicesOf(bravo._id);
    expect(paid).toMatchObject({ status: 'Paid', amountPaid: 140, amountDue: 0, paymentDate: '2024-03-05' });
    // Both lines were paid together (same date, method, reference): one receipt for $140.
    const receiptIds = new Set(paid!.lineItems.map((l) => l.receiptId));
    expect(receiptIds.size).toBe(1);
    const receipt = (await admin.request({ method: 'GET', url: `/api/Receipts/${[...receiptIds][0]}` })).json();
    expect(receipt).toMatchObject({ amount: 140, method: 'cash', details: 'Front desk', invoiceNumber: paid!.invoiceNumber });
    const check = (await admin.request({ method: 'GET', url: `/api/Receipts/${march!.lineItems[0]!.receiptId}` })).json();
    expect(check).toMatchObject({ amount: 450, method: 'check', receiptNumber: receipt.receiptNumber - 1 });

    // A/R aging shows the imported open amounts by days past due; the paid invoice owes nothing.
    const aging = (await admin.request({ method: 'GET', url: '/api/Reports/Aging' })).json() as { rows: Array<Record<string, unknown>> };
    expect(aging.rows.find((r) => r.companyId === alpha._id)).toMatchObject({ current: 300, over90: 250, total: 550 });
    expect(aging.rows.find((r) => r.companyId === bravo._id)).toBeUndefined();

    // The next overdue run adds no late fee to imported history (it is Overdue already).
    await runOverdueInvoices(t.db);
    expect((await invoicesOf(alpha._id))[0]!.lineItems).toHaveLength(2);

    // The same file again creates and changes nothing.
    expect(await importAndCommit(t, admin, 'invoices', file)).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 0 });

    // A changed line updates its invoice; undoing that batch puts it back.
    const changedFile = file.replace('"Future rent","","2024-03-01","2099-12-31","Hangar rent","","300.00"', '"Future rent","","2024-03-01","2099-12-31","Hangar rent","","320.00"');
    expect(changedFile).not.toBe(file);
    const changed = await importAndCommit(t, admin, 'invoices', changedFile);
    expect(changed).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 1 });
    expect((await invoicesOf(alpha._id))[1]).toMatchObject({ amountTotal: 320, amountDue: 320 });
    expect((await undoImport(admin, changed.batchId)).json()).toMatchObject({ status: 'undone' });
    expect((await invoicesOf(alpha._id))[1]).toMatchObject({ amountTotal: 300, amountDue: 300, status: 'Created' });

    // The first batch's INV-11 was changed since (by the batch undone above): the engine refuses its undo.
    expect((await undoImport(admin, batch.batchId)).statusCode).toBe(409);
  });

  it('lines paid from the balance write their Debit; short funds are refused; undo gives the credit back', async () => {
    const company = await buildCompany(admin);
    await addCredit(admin, company._id, 100);
    const balance = async () => (await admin.request({ method: 'GET', url: `/api/Company/Balances/${company._id}` })).json();
    const short = await importFile(t, admin, 'invoices', csv([line({ externalId: 'INV-20', line: '1', company: company.name, lineName: 'Rent', charges: '500.00', amountPaid: '500.00', paidOn: '2024-03-20', paymentMethod: 'balance' })]));
    expect((short.json() as ImportPreviewBody).errors).toEqual([{ row: 2, column: 'paymentMethod', message: "InSufficient Funds: the company's balance does not cover the lines paid from it" }]);

    const batch = await importAndCommit(t, admin, 'invoices', csv([
      line({ externalId: 'INV-21', line: '1', company: company.name, lineName: 'Rent', charges: '60.00', amountPaid: '60.00', paidOn: '2024-03-20', paymentMethod: 'Balance' }),
    ]));
    const [invoice] = await invoicesOf(company._id);
    expect(invoice).toMatchObject({ status: 'Paid', amountPaid: 60 });
    expect(invoice!.lineItems[0]!.receiptId).toBe('PAID BY BALANCE');
    expect(await balance()).toMatchObject({ balance: 40, records: [{ type: 'Credit' }, { type: 'Debit', amount: 60, reference: `Invoice #${invoice!.invoiceNumber}`, dateApplied: '2024-03-20' }] });

    expect((await undoImport(admin, batch.batchId)).json()).toMatchObject({ status: 'undone' });
    expect(await invoicesOf(company._id)).toEqual([]);
    expect(await balance()).toMatchObject({ balance: 100, records: [{ type: 'Credit' }] });
  });

  it('exports invoices in the template columns; an export of imported invoices imports back unchanged', async () => {
    const company = await buildCompany(admin);
    const batch = await importAndCommit(t, admin, 'invoices', csv([
      line({ externalId: 'INV-30', line: '1', company: company.name, lineName: 'Rent', charges: '80.00', amountPaid: '80.00', paidOn: '2024-03-02', paymentMethod: 'check', paymentReference: '1043' }),
      line({ externalId: 'INV-30', line: '2', company: company.name, lineName: 'Fuel', charges: '5.00', quantity: '3' }),
    ]));
    const rows = (await exported(t.db, invoicesImport)).filter((r) => r.company === company.name);
    expect(rows).toMatchObject([
      { externalId: 'INV-30', line: '1', lineName: 'Rent', charges: '80.00', amountPaid: '80.00', paidOn: '2024-03-02', paymentMethod: 'check', paymentReference: '1043', invoiceTotal: '95.00' },
      { externalId: 'INV-30', line: '2', lineName: 'Fuel', charges: '5.00', quantity: '3', lineTotal: '15.00', amountPaid: '' },
    ]);
    expect(Object.keys(rows[0]!)).toEqual(KEYS);
    expect(await importAndCommit(t, admin, 'invoices', csv(rows))).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 0 });

    // A payment received in Apron since the import: the batch can no longer be undone (the kind tells why).
    const [invoice] = await invoicesOf(company._id);
    const pay = await admin.request({
      method: 'POST', url: `/api/Invoices/ManualPayment/${invoice!._id}`,
      payload: { lineIds: [invoice!.lineItems[1]!._id], accountType: true, accountName: 'Front desk', accountDetails: 'Cash', confirmation: 'Paid at the counter', paymentDate: '2025-01-10' },
    });
    expect(pay.statusCode).toBe(201);
    const refused = await undoImport(admin, batch.batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`This import cannot be undone: Imported invoices have changed since the import (payments, lines, status or a closed period): #${invoice!.invoiceNumber}`);
  });

  it('refuses an invoice dated in a closed period, as the API refuses changes to one', async () => {
    expect((await admin.request({ method: 'POST', url: '/api/Reports/PeriodClose', payload: { through: '2023-12-31' } })).statusCode).toBe(200);
    const res = await importFile(t, admin, 'invoices', csv([line({ externalId: 'INV-50', line: '1', company: alpha.name, lineName: 'Rent', charges: '10.00', invoiceDate: '2023-06-01', dueDate: '2023-06-30' })]));
    expect((res.json() as ImportPreviewBody).errors).toEqual([{ row: 2, column: 'invoiceDate', message: 'Invoices dated in a closed period cannot be changed.' }]);
  });
});
