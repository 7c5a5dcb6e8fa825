import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVOICE_MESSAGES, type TInvoice } from '@apron/core/invoices';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const INVOICE_ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const COMPANY_ID = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';
const LINE_ID = '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f';
const ADMIN = buildUser({ modules: ['Invoices'], isAdmin: true });

function invoice(overrides: Partial<TInvoice> = {}): TInvoice {
  return {
    _id: INVOICE_ID, name: 'March rent', invoiceNumber: 1042, tenantId: COMPANY_ID, tenantName: 'Sierra Skies Aviation', invoiceDate: '2025-03-01',
    paymentDate: null, dueDate: '2025-03-31', status: 'Created', amountDue: 1250.5, amountTotal: 1250.5, amountPaid: 0, description: 'Monthly rent',
    comments: '', agreementId: null, periodStart: null, periodEnd: null,
    lineItems: [{ _id: LINE_ID, uid: LINE_ID, name: 'Hangar A1', description: 'Rent', charges: 1250.5, amount: 1, total: 1250.5, kind: 'rent', receiptId: null, isPaid: false }],
    abilities: { addLine: true, editLines: true, cancel: true, comment: true, email: true, payOnline: true, payFromBalance: false, manualPayment: true, payLink: true },
    ...overrides,
  };
}

function stub(routes: Record<string, { status?: number; body?: unknown }>) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(ADMIN) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Payment/Config': { body: { testMode: true, provider: {}, testCards: null } },
    ...routes,
  });
}

describe('invoice page', () => {
  it("says 'No Invoice Found.' for a missing or foreign invoice", async () => {
    stub({ [`GET /api/Invoices/${INVOICE_ID}`]: { status: 404, body: { code: 'NOT_FOUND', message: INVOICE_MESSAGES.notFound } } });
    renderApp(`/invoices/${INVOICE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: INVOICE_MESSAGES.notFound })).toBeInTheDocument();
  });

  it('shows the header with MM/DD/YYYY or NA dates and cancels after a confirmation; Cancel is then disabled', async () => {
    const user = userEvent.setup();
    const cancelled = invoice({ status: 'Cancelled', abilities: { ...invoice().abilities, cancel: false, addLine: false, editLines: false, payOnline: false, manualPayment: false } });
    const net = stub({
      [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice() },
      [`PUT /api/Invoices/Cancel/${INVOICE_ID}`]: { body: cancelled },
    });
    renderApp(`/invoices/${INVOICE_ID}`);
    const details = await screen.findByRole('region', { name: 'Invoice details' });
    expect(within(details).getByText('03/31/2025')).toBeInTheDocument();
    expect(within(details).getByText('NA')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Line items' })).getByRole('button', { name: 'Edit Hangar A1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Invoice' }));
    expect(await screen.findByText(INVOICE_MESSAGES.cancelled)).toBeInTheDocument();
    expect(net.callsTo('PUT', `/api/Invoices/Cancel/${INVOICE_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel Invoice' })).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Edit Hangar A1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invoice Items' })).not.toBeInTheDocument();
  });

  it('offers Send Notice to Invoices staff, and not to the company user of the invoice', async () => {
    stub({ [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice() } });
    const staffView = renderApp(`/invoices/${INVOICE_ID}`);
    expect(await screen.findByRole('button', { name: 'Send Notice' })).toBeInTheDocument();
    staffView.unmount();

    const tenant = buildUser({ isInternal: false, companyId: COMPANY_ID, modules: [] });
    stub({ 'GET /api/Session': { body: accessBody(tenant) }, [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice({ abilities: { ...invoice().abilities, cancel: false } }) } });
    renderApp(`/invoices/${INVOICE_ID}`);
    expect(await screen.findByRole('region', { name: 'Invoice details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Notice' })).not.toBeInTheDocument();
  });

  it("shows the server's field error on the Invoice Items dialog field", async () => {
    const user = userEvent.setup();
    stub({
      [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice() },
      [`POST /api/Invoices/LineItems/Add/${INVOICE_ID}`]: { status: 400, body: { errors: { description: 'Description is too long' } } },
    });
    renderApp(`/invoices/${INVOICE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Invoice Items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice Items' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Fuel');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Jet A');
    await user.type(within(dialog).getByLabelText(/^Charges/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Description is too long')).toBeInTheDocument();
  });
});
