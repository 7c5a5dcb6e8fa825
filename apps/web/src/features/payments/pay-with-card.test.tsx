import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES, TEST_CARDS } from '@apron/core/payments';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch, type TRecordedCall } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { ABILITIES_ADMIN, COMPANY_ID, INVOICE_ID, invoice, LINE_1, LINE_2, LINE_3, PAYMENT_CONFIG_ROUTE } from './payments.test-support';

const TENANT = buildUser({ isInternal: false, companyId: COMPANY_ID, email: 'tenant@sierra.test' });
const PAY = `/api/Invoices/Pay/${INVOICE_ID}`;
const keyOf = (call: TRecordedCall) => call.headers.get('idempotency-key');

function stubInvoice(pay: (call: TRecordedCall) => { status?: number; body?: unknown }, user = TENANT, abilities = invoice().abilities) {
  return stubFetch({
    ...CSRF_ROUTE,
    ...PAYMENT_CONFIG_ROUTE,
    'GET /api/Session': { body: accessBody(user) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice({ abilities }) },
    [`POST ${PAY}`]: pay,
  });
}

describe('Pay With Card', () => {
  it('is disabled with no selected line and shows the amount of the selected lines', async () => {
    const user = userEvent.setup();
    stubInvoice(() => ({ status: 500 }));
    renderApp(`/invoices/${INVOICE_ID}`);
    const card = await screen.findByLabelText(/^Card Number/);
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    // the documented test cards are the help of the card field
    expect(within(screen.getByRole('list', { name: 'Test cards' })).getByText(/4242 4242 4242 4242/)).toBeInTheDocument();
    await user.type(card, TEST_CARDS.approve);
    expect(screen.getByRole('button', { name: /Pay With Card/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Pay With Card/ })).toHaveTextContent('$0.00');

    await user.click(screen.getByRole('checkbox', { name: 'Select Hangar A1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tie-down' }));
    const button = screen.getByRole('button', { name: 'Pay With Card $1,301.00' });
    expect(button).toBeEnabled();
  });

  it('sends one Idempotency-Key per attempt: the same on a retry, a new one for a new attempt', async () => {
    const user = userEvent.setup();
    const answers = [
      { status: 503, body: { code: 'UNAVAILABLE', message: PAYMENT_MESSAGES.providerError } },
      { status: 200, body: { message: PAYMENT_MESSAGES.successful, receipt: {} } },
      { status: 422, body: { code: 'UNPROCESSABLE', message: 'The card was declined (test card 4000 0000 0000 0002).' } },
    ];
    const net = stubInvoice(() => answers.shift() ?? { status: 500 });
    renderApp(`/invoices/${INVOICE_ID}`);
    await user.type(await screen.findByLabelText(/^Card Number/), TEST_CARDS.approve);
    await user.click(screen.getByRole('checkbox', { name: 'Select Hangar A1' }));
    await user.click(screen.getByRole('button', { name: /Pay With Card/ }));
    expect(await screen.findByText(new RegExp(PAYMENT_MESSAGES.providerError))).toBeInTheDocument();

    // the retry of the same attempt reuses its key
    await user.click(screen.getByRole('button', { name: /Pay With Card/ }));
    expect(await screen.findByText(PAYMENT_MESSAGES.successful)).toBeInTheDocument();
    const [first, retry] = net.callsTo('POST', PAY);
    expect(keyOf(first!)).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(keyOf(retry!)).toBe(keyOf(first!));
    expect(first!.body).toEqual({ lineIds: [LINE_1], sourceToken: `test:${TEST_CARDS.approve}` });

    // a new attempt (other lines) gets a new key; the decline shows the server's reason
    await user.click(screen.getByRole('checkbox', { name: 'Select Fuel' }));
    await user.type(screen.getByLabelText(/^Card Number/), TEST_CARDS.approve);
    await user.click(screen.getByRole('button', { name: /Pay With Card/ }));
    expect(await screen.findByText(/The card was declined/)).toBeInTheDocument();
    const third = net.callsTo('POST', PAY)[2]!;
    expect(third.body).toMatchObject({ lineIds: [LINE_3] });
    expect(keyOf(third)).not.toBe(keyOf(first!));
  });

  it('sends a double click as one request', async () => {
    const user = userEvent.setup();
    const net = stubInvoice(() => ({ body: { message: PAYMENT_MESSAGES.successful, receipt: {} } }));
    renderApp(`/invoices/${INVOICE_ID}`);
    await user.type(await screen.findByLabelText(/^Card Number/), TEST_CARDS.approve);
    await user.click(screen.getByRole('checkbox', { name: 'Select Tie-down' }));
    await user.dblClick(screen.getByRole('button', { name: 'Pay With Card $50.50' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.successful)).toBeInTheDocument();
    expect(net.callsTo('POST', PAY)).toHaveLength(1);
    expect(net.callsTo('POST', PAY)[0]!.body).toMatchObject({ lineIds: [LINE_2] });
  });
});

describe('Manual Payment', () => {
  it('switches its labels between Cash and Check and records a check after the confirmation', async () => {
    const user = userEvent.setup();
    const finance = buildUser({ modules: ['Invoices'], isAdmin: true });
    const net = stubFetch({
      ...CSRF_ROUTE,
      ...PAYMENT_CONFIG_ROUTE,
      'GET /api/Session': { body: accessBody(finance) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice({ abilities: ABILITIES_ADMIN }) },
      [`POST /api/Invoices/ManualPayment/${INVOICE_ID}`]: { status: 201, body: { message: PAYMENT_MESSAGES.successful, receipt: {} } },
    });
    renderApp(`/invoices/${INVOICE_ID}`);
    expect(await screen.findByRole('button', { name: 'Manual Payment' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Fuel' }));
    await user.click(screen.getByRole('button', { name: 'Manual Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    // Cash first
    expect(within(dialog).getByLabelText(/^Paid By/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Cash Details/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Comments/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Routing Number/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Cash'));
    expect(within(dialog).getByLabelText(/^Account Name/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Account Number/)).toHaveAttribute('inputmode', 'numeric');
    expect(within(dialog).getByLabelText(/^Routing Number/)).toHaveAttribute('inputmode', 'numeric');
    expect(within(dialog).queryByLabelText(/^Paid By/)).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Account Name/), 'Jane Pilot');
    await user.type(within(dialog).getByLabelText(/^Account Number/), '000123456789');
    await user.type(within(dialog).getByLabelText(/^Routing Number/), '021000021');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Record Payment' });
    expect(net.callsTo('POST', `/api/Invoices/ManualPayment/${INVOICE_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.successful)).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('POST', `/api/Invoices/ManualPayment/${INVOICE_ID}`)).toHaveLength(1));
    expect(net.callsTo('POST', `/api/Invoices/ManualPayment/${INVOICE_ID}`)[0]!.body).toMatchObject({
      lineIds: [LINE_3], accountType: false, accountName: 'Jane Pilot', accountDetails: '000123456789', confirmation: '021000021',
    });
  });
});
