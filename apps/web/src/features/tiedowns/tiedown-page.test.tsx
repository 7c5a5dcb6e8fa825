import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const ID = '3b0c7a3e-7f55-4a4d-9a8e-6f2b8d1c0a11';
const TIEDOWN = {
  _id: ID, firstName: 'Amelia', lastName: 'Earhart', email: 'amelia@example.test', phone: '5551234567', beginDate: '2026-12-01', endDate: '2026-12-03',
  airCraftType: 'Large Jet', airCraftNum: 'N123AB', vehicleNum: '', space: '', nights: 2, rate: 80, amount: 160, invoice: 'i1', invoiceNumber: 1042, receiptId: 'p1',
  createdAt: '2026-11-23T12:00:00Z', abilities: { assignSpace: true, viewInvoice: true },
  receipt: {
    _id: 'p1', receiptNumber: 5009, invoiceId: 'i1', invoiceNumber: 1042, tenantId: 'c1', tenantName: 'Transient Parking', amount: 160, method: 'card', reference: 'test_abc',
    accountName: null, accountNumber: null, details: null, paymentDate: '2026-11-23', createdAt: '2026-11-23T12:00:00Z',
    lineItems: [{ _id: 'l1', name: 'Large Jet parking, 2 nights', description: 'Aircraft N123AB', charges: 80, amount: 2, total: 160 }],
  },
};

describe('/tiedown/{id}', () => {
  it('shows the request, its invoice line and receipt, and staff assign a space', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Tiedown', 'Invoices'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Invoices/TieDown/${ID}`]: { body: TIEDOWN },
      [`POST /api/Invoices/TieDown/${ID}`]: (call) => ({ body: { ...TIEDOWN, space: (call.body as { space: string }).space, message: 'Updated Successfully' } }),
      'POST /api/Attachments/List': { body: [] },
      'GET /api/AttachmentTypes': { body: [] },
      'POST /api/Remarks/List': { body: [] },
    });
    renderApp(`/tiedown/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Transient Parking: N123AB' })).toBeInTheDocument();
    const invoice = screen.getByRole('region', { name: 'Invoice and payment' });
    expect(within(invoice).getByRole('link', { name: '#1042' })).toHaveAttribute('href', '/invoices/i1');
    expect(within(invoice).getByText('$80.00 × 2 = $160.00')).toBeInTheDocument();
    expect(within(invoice).getByText('#5009, 11/23/2026')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Space'), 'T-7');
    await user.click(screen.getByRole('button', { name: 'Save Space' }));
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Invoices/TieDown/${ID}`)[0]!.body).toEqual({ space: 'T-7' });
  });

  it('a request that is not the caller\u2019s is not found', async () => {
    stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': { body: accessBody(buildUser({ isInternal: false, modules: [] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Invoices/TieDown/${ID}`]: { status: 404, body: { code: 'NOT_FOUND', message: 'Parking request not found' } },
    });
    renderApp(`/tiedown/${ID}`);
    expect(await screen.findByText('Parking request not found')).toBeInTheDocument();
  });
});
