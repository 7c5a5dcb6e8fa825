import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch, type TRecordedCall } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { COMPANY_ID, INVOICE_ID, invoice, LINE_1 } from './payments.test-support';
import type { TSquareSdk, TSquareTokenResult } from './square-sdk';

const TENANT = buildUser({ isInternal: false, companyId: COMPANY_ID, email: 'tenant@sierra.test' });
const PAY = `/api/Invoices/Pay/${INVOICE_ID}`;
const SDK_SRC = 'https://sandbox.web.squarecdn.com/v1/square.js';
const SQUARE = { provider: 'square', applicationId: 'sandbox-sq0idb-app1', locationId: 'L-SANDBOX-1', environment: 'sandbox' };

function stubSquareInvoice(pay: (call: TRecordedCall) => { status?: number; body?: unknown }) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Payment/Config': { body: { testMode: true, provider: SQUARE, testCards: null } },
    'GET /api/Session': { body: accessBody(TENANT) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Invoices/${INVOICE_ID}`]: { body: invoice() },
    [`POST ${PAY}`]: pay,
  });
}

/** A stand-in for Square's Web Payments SDK (third-party code loaded from Square's CDN). */
function fakeSquare(tokens: TSquareTokenResult[]) {
  const calls = { payments: [] as string[][], attach: [] as string[], tokenize: 0 };
  const sdk: TSquareSdk = {
    payments: (applicationId, locationId) => {
      calls.payments.push([applicationId, locationId]);
      return {
        card: async () => ({
          attach: async (selector: string) => {
            calls.attach.push(selector);
          },
          tokenize: async () => {
            calls.tokenize += 1;
            return tokens.shift() ?? { status: 'Invalid', errors: [{ message: 'No more tokens.' }] };
          },
          destroy: async () => true,
        }),
      };
    },
  };
  return { sdk, calls };
}

const sdkScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${SDK_SRC}"]`);

afterEach(() => {
  delete window.Square;
  vi.unstubAllGlobals();
});

// The loader remembers a loaded SDK for the page, so the failure comes first.
describe('Square card form', () => {
  it('says card payments are unavailable when the SDK does not load, without test-mode help', async () => {
    stubSquareInvoice(() => ({ status: 500 }));
    renderApp(`/invoices/${INVOICE_ID}`);
    await waitFor(() => expect(sdkScript()).not.toBeNull());
    sdkScript()!.dispatchEvent(new Event('error'));
    expect(await screen.findByText('Card payments are unavailable right now.')).toBeInTheDocument();
    expect(sdkScript()).toBeNull();
    expect(screen.queryByLabelText('Card Number')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Test cards' })).not.toBeInTheDocument();
    expect(screen.queryByText(/no money moves/)).not.toBeInTheDocument();
  });

  it('loads the SDK once, attaches the card and sends the token as sourceToken with one Idempotency-Key per attempt', async () => {
    const user = userEvent.setup();
    const square = fakeSquare([{ status: 'Invalid', errors: [{ message: 'Card number is not valid.' }] }, { status: 'OK', token: 'cnon:card-nonce-ok' }]);
    const answers = [
      { status: 503, body: { code: 'UNAVAILABLE', message: PAYMENT_MESSAGES.providerError } },
      { status: 200, body: { message: PAYMENT_MESSAGES.successful, receipt: {} } },
    ];
    const net = stubSquareInvoice(() => answers.shift() ?? { status: 500 });
    renderApp(`/invoices/${INVOICE_ID}`);
    await waitFor(() => expect(sdkScript()).not.toBeNull());
    expect(document.querySelectorAll(`script[src="${SDK_SRC}"]`)).toHaveLength(1);
    window.Square = square.sdk;
    sdkScript()!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(square.calls.attach).toEqual(['#square-card']));
    expect(square.calls.payments).toEqual([['sandbox-sq0idb-app1', 'L-SANDBOX-1']]);
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
    expect(first!.headers.get('idempotency-key')).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(retry!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(retry!.body).toEqual(first!.body);
    expect(square.calls.tokenize).toBe(2);
  });
});
