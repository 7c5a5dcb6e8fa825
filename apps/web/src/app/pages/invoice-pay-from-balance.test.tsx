import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BALANCE_MESSAGES } from '@apron/core/balances';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { ABILITIES_TENANT, COMPANY_ID, INVOICE_ID, invoice, line, LINE_1, LINE_2, PAYMENT_CONFIG_ROUTE } from '../../features/payments/payments.test-support';

const TENANT = buildUser({ isInternal: false, companyId: COMPANY_ID });
const PAY = '/api/Company/UpdateInvoiceItems';
// A $135 invoice: $100 + $35.
const DUE = invoice({ amountDue: 135, amountTotal: 135, lineItems: [line(LINE_1, 'Hangar A1', 100), line(LINE_2, 'Tie-down', 35)], abilities: { ...ABILITIES_TENANT, payFromBalance: true } });

function stubInvoicePage(balance: number) {
  return stubFetch({
    ...CSRF_ROUTE,
    ...PAYMENT_CONFIG_ROUTE,
    'GET /api/Session': { body: accessBody(TENANT) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Invoices/${INVOICE_ID}`]: { body: DUE },
    [`GET /api/Company/UnpaidBalance/${COMPANY_ID}`]: { body: { balance, invoices: [] } },
    [`POST ${PAY}`]: { body: { message: BALANCE_MESSAGES.paid, balance: balance - 135, paid: 135 } },
  });
}

describe('Pay From Balance on the invoice page', () => {
  it('a tenant with $500 pays a $135 invoice from the balance; a double click sends one request with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const net = stubInvoicePage(500);
    renderApp(`/invoices/${INVOICE_ID}`);
    const section = await screen.findByRole('region', { name: 'Pay From Balance' });
    expect(within(section).getByText('$500.00')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Pay $0.00 From Balance' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Hangar A1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tie-down' }));
    const button = within(section).getByRole('button', { name: 'Pay $135.00 From Balance' });
    // two clicks in one go: the second comes before React has drawn the button disabled
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(BALANCE_MESSAGES.paid)).toBeInTheDocument();
    const calls = net.callsTo('POST', PAY);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ [INVOICE_ID]: [LINE_1, LINE_2] });
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^pay-/);
    expect(screen.getByText(BALANCE_MESSAGES.paid)).toBeInTheDocument();
  });

  it("a selection the balance does not cover is not offered: 'InSufficient Funds'", async () => {
    const user = userEvent.setup();
    const net = stubInvoicePage(100);
    renderApp(`/invoices/${INVOICE_ID}`);
    const section = await screen.findByRole('region', { name: 'Pay From Balance' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Hangar A1' }));
    expect(within(section).getByRole('button', { name: 'Pay $100.00 From Balance' })).toBeEnabled();
    expect(within(section).queryByText(BALANCE_MESSAGES.insufficientFunds)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Tie-down' }));
    expect(within(section).getByRole('button', { name: 'Pay $135.00 From Balance' })).toBeDisabled();
    expect(within(section).getByText(BALANCE_MESSAGES.insufficientFunds)).toBeInTheDocument();
    expect(net.callsTo('POST', PAY)).toHaveLength(0);
  });
});
