import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { fakeSquare, failSquareSdk, forgetSquareSdk, serveSquareSdk, SQUARE_CONFIG_ROUTE, squareScripts } from '../../test/fake-square';
import { CSRF_ROUTE, stubFetch, type TRecordedCall } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { COMPANY_ID, INVOICE_ID, invoice, LINE_1, LINE_3 } from './payments.test-support';

const TENANT = buildUser({ isInternal: false, companyId: COMPANY_ID, email: 'tenant@sierra.test' });
const PAY = `/api/Invoices/Pay/${INVOICE_ID}`;
const keyOf = (call: TRecordedCall) => call.headers.get('idempotency-key');

function stubSquareInvoice(pay: (call: TRecordedCall) => { status?: number; body?: unknown }) {
  return stubFetch({
    ...CSRF_ROUTE,
    ...SQUARE_CONFIG_ROUTE,
    'GET /api/Session': { body: accessBody(TENANT) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice() },
    [`POST ${PAY}`]: pay,
  });
}

afterEach(() => {
  forgetSquareSdk();
});

describe('Pay With Card through Square', () => {
  it('says card payments are unavailable when the SDK does not load, without test-mode help', async () => {
    stubSquareInvoice(() => ({ status: 500 }));
    renderApp(`/invoices/${INVOICE_ID}`);
    await failSquareSdk();
    expect(await screen.findByText('Card payments are unavailable right now.')).toBeInTheDocument();
    expect(squareScripts()).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Pay With Card/ })).toBeDisabled();
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Test cards' })).not.toBeInTheDocument();
    expect(screen.queryByText(/no money moves/)).not.toBeInTheDocument();
  });

  it('sends the token as sourceToken with one Idempotency-Key per attempt; a retry keeps both, a decline starts anew', async () => {
    const user = userEvent.setup();
    const square = fakeSquare([
      { status: 'Invalid', errors: [{ message: 'Card number is not valid.' }] },
      { status: 'OK', token: 'cnon:card-nonce-ok' },
      { status: 'OK', token: 'cnon:card-nonce-2' },
    ]);
    const answers = [
      { status: 503, body: { code: 'UNAVAILABLE', message: PAYMENT_MESSAGES.providerError } },
      { status: 200, body: { message: PAYMENT_MESSAGES.successful, receipt: {} } },
      { status: 422, body: { code: 'UNPROCESSABLE', message: 'Card declined.' } },
    ];
    const net = stubSquareInvoice(() => answers.shift() ?? { status: 500 });
    renderApp(`/invoices/${INVOICE_ID}`);
    await serveSquareSdk(square.sdk);
    await waitFor(() => expect(square.calls.attach).toHaveLength(1));
    expect(square.calls.attach[0]).toMatch(/^#square-card-/);
    expect(square.calls.payments).toEqual([['sandbox-sq0idb-app1', 'L-SANDBOX-1']]);
    expect(screen.getByText('Square sandbox')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Test cards' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Hangar A1' }));
    // a card the SDK refuses is shown and nothing is sent
    await user.click(screen.getByRole('button', { name: 'Pay With Card $1,250.50' }));
    expect(await screen.findByText('Card number is not valid.')).toBeInTheDocument();
    expect(net.callsTo('POST', PAY)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Pay With Card/ }));
    expect(await screen.findByText(new RegExp(PAYMENT_MESSAGES.providerError))).toBeInTheDocument();
    // the retry of the same attempt reuses its key and token (no new tokenize)
    await user.click(screen.getByRole('button', { name: /Pay With Card/ }));
    expect(await screen.findByText(PAYMENT_MESSAGES.successful)).toBeInTheDocument();
    const [first, retry] = net.callsTo('POST', PAY);
    expect(first!.body).toEqual({ lineIds: [LINE_1], sourceToken: 'cnon:card-nonce-ok' });
    expect(keyOf(first!)).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(keyOf(retry!)).toBe(keyOf(first!));
    expect(retry!.body).toEqual(first!.body);
    expect(square.calls.tokenize).toBe(2);
    // the paid card is cleared from Square's fields
    expect(square.calls.clear).toBe(1);

    // the next payment is a new attempt: a new token and a new key
    await user.click(screen.getByRole('checkbox', { name: 'Select Fuel' }));
    await user.click(screen.getByRole('button', { name: /Pay With Card/ }));
    expect(await screen.findByText(/Card declined/)).toBeInTheDocument();
    const third = net.callsTo('POST', PAY)[2]!;
    expect(third.body).toEqual({ lineIds: [LINE_3], sourceToken: 'cnon:card-nonce-2' });
    expect(keyOf(third)).not.toBe(keyOf(first!));
    expect(squareScripts()).toHaveLength(1);
  });
});
