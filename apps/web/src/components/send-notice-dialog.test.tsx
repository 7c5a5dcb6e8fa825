import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { CSRF_ROUTE, stubFetch } from '../test/fetch-stub';
import { SendNoticeButton } from './send-notice-button';

const INVOICE_ID = '33333333-3333-4333-8333-333333333333';
const forRecord = {
  label: 'Invoice #42',
  notices: [
    { key: 'invoice.copy', name: 'Invoice copy', description: 'The invoice with its amount due' },
    { key: 'invoice.reminder', name: 'Payment reminder', description: 'A friendly reminder' },
  ],
  recipients: [
    { email: 'billing@acme.test', name: 'Invoice #42', kind: 'contact' },
    { email: 'pat@acme.test', name: 'Pat Tenant', kind: 'company' },
    { email: 'finance@airport.test', name: 'Frankie Finance', kind: 'internal' },
  ],
};
const preview = { subject: 'Invoice copy', html: '<p>Invoice 42: <strong>$151.00</strong> due</p><img src=x onerror="alert(1)">' };

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Send Notice' }));
  return screen.findByRole('dialog', { name: 'Send Notice: Invoice #42' }, { timeout: 10_000 });
}

describe('Send Notice', () => {
  it('sends the chosen notice about the record to a listed recipient and says Email Sent', async () => {
    const { callsTo } = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Notices/ForRecord': { body: forRecord },
      'GET /api/Notices/Preview': { body: preview },
      'POST /api/SendNotices': { status: 201, body: { message: 'Email Sent' } },
    });
    renderWithProviders(<SendNoticeButton module="Invoices" recordId={INVOICE_ID} />);
    const dialog = await openDialog();
    expect(callsTo('GET', '/api/Notices/ForRecord')[0]!.search).toBe(`?module=Invoices&id=${INVOICE_ID}`);
    // The record's contact is picked already; the notice is chosen by name.
    expect(within(dialog).getByRole('combobox', { name: /Email/ })).toHaveValue('billing@acme.test');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Notice/), 'Invoice copy');
    expect(within(dialog).getByText('The invoice with its amount due')).toBeInTheDocument();
    // The preview is the server's rendering, shown inert.
    expect(await within(dialog).findByText('$151.00')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();

    // Pick another allowed address from the list (grouped by why it is allowed).
    const email = within(dialog).getByRole('combobox', { name: /Email/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'pat');
    expect(await screen.findByText('Company user')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: /Pat Tenant/ }));
    expect(email).toHaveValue('pat@acme.test');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email Sent')).toBeInTheDocument();
    expect(callsTo('POST', '/api/SendNotices')[0]!.body).toEqual({ key: 'invoice.copy', id: INVOICE_ID, email: 'pat@acme.test' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a typed address on the Email field and keeps the dialog open', async () => {
    const refusal = 'The recipient must be a contact of the record’s company or an internal user';
    const { callsTo } = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Notices/ForRecord': { body: { ...forRecord, notices: [forRecord.notices[0]] } },
      'GET /api/Notices/Preview': { body: preview },
      'POST /api/SendNotices': { status: 400, body: { errors: { email: refusal } } },
    });
    renderWithProviders(<SendNoticeButton module="Invoices" recordId={INVOICE_ID} />);
    const dialog = await openDialog();
    const email = within(dialog).getByRole('combobox', { name: /Email/ });
    await userEvent.clear(email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    // The shared schema refuses an empty address before anything is sent.
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/SendNotices')).toHaveLength(0);

    await userEvent.type(email, 'stranger@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The only notice was picked for the sender.
    expect(callsTo('POST', '/api/SendNotices')[0]!.body).toEqual({ key: 'invoice.copy', id: INVOICE_ID, email: 'stranger@example.test' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says where notices are made when the module has none', async () => {
    stubFetch({ ...CSRF_ROUTE, 'GET /api/Notices/ForRecord': { body: { ...forRecord, notices: [] } } });
    renderWithProviders(<SendNoticeButton module="Invoices" recordId={INVOICE_ID} />);
    const dialog = await openDialog();
    expect(within(dialog).getByText('No notices for invoices yet — Settings > Notices')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
