import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BALANCE_MESSAGES } from '@apron/core/balances';
import { PAID_BY_BALANCE, type TLineItem } from '@apron/core/invoices';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const COMPANY_ID = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';
const INVOICE_ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const LINE_1 = '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f';
const LINE_2 = '4d5e6f7a-8b9c-4d4e-9f5a-6b7c8d9e0f1a';

const line = (id: string, name: string, total: number): TLineItem => ({
  _id: id, uid: id, name, description: name, charges: total, amount: 1, total, kind: 'manual', receiptId: null, isPaid: false,
});

function stubBalances(answer: { status: number; body: unknown }) {
  const tenant = buildUser({ isInternal: false, companyId: COMPANY_ID });
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(tenant) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Company/Balances/${COMPANY_ID}`]: {
      headers: { 'x-total-count': '1' },
      body: {
        balance: 100,
        records: [{ _id: 'r1', tenantId: COMPANY_ID, accountNum: '****6789', routingNum: '021000021', amount: 100, type: 'Credit', dateApplied: '2025-03-01', reference: null, runningBalance: 100, createdAt: '2025-03-01T00:00:00Z' }],
      },
    },
    [`GET /api/Company/UnpaidBalance/${COMPANY_ID}`]: {
      body: { balance: 100, invoices: [{ _id: INVOICE_ID, name: 'March rent', invoiceNumber: 1042, dueDate: '2025-03-31', status: 'Created', amountDue: 1275.5, lineItems: [line(LINE_1, 'Hangar A1', 1250.5), line(LINE_2, 'Tie-down', 25)] }] },
    },
    'POST /api/Company/UpdateInvoiceItems': answer,
  });
}

describe('Pay Invoices (from balance)', () => {
  it("shows 'InSufficient Funds' for a moment when the server refuses, and pays nothing", async () => {
    const user = userEvent.setup();
    const net = stubBalances({ status: 422, body: { code: 'UNPROCESSABLE', message: BALANCE_MESSAGES.insufficientFunds } });
    renderApp(`/companies/${COMPANY_ID}/balances`);
    expect(await screen.findByRole('grid', { name: 'Balance records' })).toBeInTheDocument();
    expect(await screen.findByText('****6789 / 021000021')).toBeInTheDocument();
    // a tenant does not add records
    expect(screen.queryByRole('button', { name: 'Add Record' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoices' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select #1042 Hangar A1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,250.50' }));
    expect(await within(dialog).findByText(BALANCE_MESSAGES.insufficientFunds)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Company/UpdateInvoiceItems')[0]!.body).toEqual({ [INVOICE_ID]: [LINE_1] });
    // it goes away by itself (about 2 seconds); the line stays unpaid and selected
    await waitFor(() => expect(within(dialog).queryByText(BALANCE_MESSAGES.insufficientFunds)).not.toBeInTheDocument(), { timeout: 5000 });
    expect(within(dialog).getByRole('checkbox', { name: 'Select #1042 Hangar A1' })).toBeChecked();
    expect(within(dialog).queryByText(PAID_BY_BALANCE)).not.toBeInTheDocument();
  });

  it("pays the selected lines and marks them 'PAID BY BALANCE'", async () => {
    const user = userEvent.setup();
    stubBalances({ status: 200, body: { message: BALANCE_MESSAGES.paid, balance: 75, paid: 25 } });
    renderApp(`/companies/${COMPANY_ID}/balances`);
    await user.click(await screen.findByRole('button', { name: 'Pay Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoices' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select #1042 Tie-down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText(BALANCE_MESSAGES.paid)).toBeInTheDocument();
    expect(within(within(dialog).getByRole('table', { name: 'Paid lines' })).getByText(PAID_BY_BALANCE)).toBeInTheDocument();
  });

  it('a double click on Pay sends one request with an Idempotency-Key, and the success message stays', async () => {
    const user = userEvent.setup();
    const net = stubBalances({ status: 200, body: { message: BALANCE_MESSAGES.paid, balance: 75, paid: 25 } });
    renderApp(`/companies/${COMPANY_ID}/balances`);
    await user.click(await screen.findByRole('button', { name: 'Pay Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoices' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select #1042 Tie-down' }));
    const pay = within(dialog).getByRole('button', { name: 'Pay $25.00' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByText(BALANCE_MESSAGES.paid)).toBeInTheDocument();
    const calls = net.callsTo('POST', '/api/Company/UpdateInvoiceItems');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^pay-/);
  });
});
