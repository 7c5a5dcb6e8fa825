import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser, SIGNED_OUT } from '../../test/fixtures';
import { fakeSquare, forgetSquareSdk, serveSquareSdk, SQUARE_CONFIG_ROUTE, squareScripts } from '../../test/fake-square';
import { CSRF_ROUTE, stubFetch, type TRecordedCall } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { calendarDate } from '@apron/core/dates';

const RATES = [
  ['Single and Multi-Engine Piston', 30], ['Multi-Engine Turboprop', 80], ['Small Jet', 30], ['Medium Jet 1', 30], ['Medium Jet 2', 50], ['Large Jet', 80],
].map(([airCraftType, rate]) => ({ airCraftType, rate }));

const QUOTE = { airCraftType: 'Large Jet', rate: 80, nights: 2, amount: 160, explanation: 'Large Jet: $80.00 per night × 2 nights = $160.00', paymentRequired: true };
const TIEDOWN = {
  _id: 't1', firstName: 'Amelia', lastName: 'Earhart', email: 'amelia@example.test', phone: '5551234567', beginDate: '2026-12-01', endDate: '2026-12-03',
  airCraftType: 'Large Jet', airCraftNum: 'N123AB', vehicleNum: '', space: '', nights: 2, rate: 80, amount: 160, invoice: 'i1', invoiceNumber: 1042, receiptId: 'p1',
  createdAt: '2026-11-23T12:00:00Z', abilities: { assignSpace: false, viewInvoice: false },
};

const TEST_CONFIG_ROUTE = { 'GET /api/Payment/Config': { body: { testMode: true, provider: { provider: 'test' }, testCards: { approve: '4242424242424242', decline: '4000000000000002' } } } };

function stub(
  paymentRequired: boolean,
  post: (call: TRecordedCall) => { status?: number; body?: unknown },
  session: { body: unknown } = SIGNED_OUT,
  paymentConfig: Record<string, { body: unknown }> = TEST_CONFIG_ROUTE,
) {
  return stubFetch({
    ...CSRF_ROUTE,
    ...paymentConfig,
    'GET /api/Session': session,
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/TieDown/Form': { body: { rates: RATES, paymentRequired, maxNights: 90, testMode: true, testCards: { approve: '4242424242424242', decline: '4000000000000002' } } },
    'GET /api/TieDown/Quote': { body: { ...QUOTE, paymentRequired, amount: paymentRequired ? 160 : 0 } },
    'POST /api/Invoices/TieDown': post,
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/First Name/), 'Amelia');
  await user.type(screen.getByLabelText(/Last Name/), 'Earhart');
  await user.type(screen.getByLabelText(/^Phone/), '5551234567');
  await user.type(screen.getByLabelText(/^Email/), 'amelia@example.test');
  await user.clear(screen.getByLabelText(/Arrival Date/));
  await user.type(screen.getByLabelText(/Arrival Date/), '2026-12-01');
  await user.type(screen.getByLabelText(/Departure Date/), '2026-12-03');
  await user.selectOptions(screen.getByLabelText(/Aircraft Type/), 'Large Jet');
  await user.type(screen.getByLabelText(/Aircraft Number/), 'N123AB');
}

const CREATED = { status: 201, body: { message: 'Transient Parking Requested', tiedown: TIEDOWN, receipt: null } };
const DECLINED = { status: 422, body: { code: 'UNPROCESSABLE', message: 'The card was declined.' } };
const UNAVAILABLE = { status: 503, body: { message: 'The payment service is unavailable. Try again.' } };

afterEach(() => {
  forgetSquareSdk();
});

describe('/tiedown/create', () => {
  it('Arrival Date is today; a same-day, reversed or too long stay says so as soon as the dates are chosen', async () => {
    const user = userEvent.setup();
    const net = stub(false, () => ({ status: 500 }));
    renderApp('/tiedown/create');
    const arrival = await screen.findByLabelText(/Arrival Date/);
    expect(arrival).toHaveValue(calendarDate(new Date()));
    await user.clear(arrival);
    await user.type(arrival, '2026-12-03');
    const departure = screen.getByLabelText(/Departure Date/);
    expect(screen.queryByText('Departure must be after arrival')).not.toBeInTheDocument();
    await user.type(departure, '2026-12-03');
    expect(await screen.findByText('Departure must be after arrival')).toBeInTheDocument();
    expect(departure).toHaveAccessibleDescription('Departure must be after arrival');
    await user.clear(departure);
    await user.type(departure, '2026-12-01');
    expect(screen.getByText('Departure must be after arrival')).toBeInTheDocument();
    await user.clear(departure);
    await user.type(departure, '2027-03-04');
    expect(await screen.findByText('A stay can be at most 90 nights.')).toBeInTheDocument();
    // Moving the arrival fixes the range: the message goes without touching Departure.
    await user.clear(arrival);
    await user.type(arrival, '2027-01-01');
    await waitFor(() => expect(screen.queryByText('A stay can be at most 90 nights.')).not.toBeInTheDocument());
    expect(screen.queryByText('Departure must be after arrival')).not.toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Invoices/TieDown')).toHaveLength(0);
  });


  it('offers exactly the six types and names bad fields with the spec texts', async () => {
    const user = userEvent.setup();
    const net = stub(false, () => ({ status: 500 }));
    renderApp('/tiedown/create');
    const select = await screen.findByLabelText(/Aircraft Type/);
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Please Select', ...RATES.map((r) => r.airCraftType)]);
    await user.type(screen.getByLabelText(/^Phone/), '555-1234');
    await user.clear(screen.getByLabelText(/Arrival Date/));
    await user.type(screen.getByLabelText(/Arrival Date/), '2026-12-03');
    await user.type(screen.getByLabelText(/Departure Date/), '2026-12-03');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Phone number is not valid')).toBeInTheDocument();
    expect(screen.getByText('Departure must be after arrival')).toBeInTheDocument();
    expect(screen.getByText('First Name is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Invoices/TieDown')).toHaveLength(0);
  });

  it('with payment off, Submit stores the request (one key) and shows the summary with Main Menu', async () => {
    const user = userEvent.setup();
    const net = stub(false, () => ({ status: 201, body: { message: 'Transient Parking Requested', tiedown: { ...TIEDOWN, amount: 0, invoice: null, receiptId: null }, receipt: null } }));
    renderApp('/tiedown/create');
    await fill(user);
    expect(await screen.findByText(/no payment is taken online/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Transient Parking Requested' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Main Menu' })).toHaveAttribute('href', '/');
    const [call] = net.callsTo('POST', '/api/Invoices/TieDown');
    expect(call!.body).toMatchObject({ firstName: 'Amelia', airCraftType: 'Large Jet', website: '' });
    expect(call!.body).not.toHaveProperty('amount');
    expect(call!.headers.get('idempotency-key')).toBeTruthy();
  });

  it('with payment on, shows the server total and its explanation, then pays by test card; a retry after a failure keeps the key', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const net = stub(true, () => (++calls === 1 ? { status: 503, body: { message: 'The payment service is unavailable. Try again.' } } : { status: 201, body: { message: 'Transient Parking Requested', tiedown: TIEDOWN, receipt: null } }));
    renderApp('/tiedown/create');
    await fill(user);
    expect(await screen.findByText(/Total: \$160.00/)).toBeInTheDocument();
    expect(screen.getByText(/Large Jet: \$80.00 per night × 2 nights = \$160.00/)).toBeInTheDocument();
    // the form's first load has no card code: Square's loader and the card kit come with the payment step
    expect(squareScripts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Test mode: no money moves.')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Card Number/), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $160.00' }));
    expect(await screen.findByText(/you will not be charged twice/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $160.00' }));
    expect(await screen.findByRole('heading', { name: 'Transient Parking Requested' })).toBeInTheDocument();
    const posts = net.callsTo('POST', '/api/Invoices/TieDown');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers.get('idempotency-key')).toBe(posts[1]!.headers.get('idempotency-key'));
    expect(posts[1]!.body).toMatchObject({ sourceId: 'test:4242424242424242' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Main Menu' })).toBeInTheDocument());
  });

  it('a double click on Pay sends one request', async () => {
    const user = userEvent.setup();
    const net = stub(true, () => CREATED);
    renderApp('/tiedown/create');
    await fill(user);
    expect(await screen.findByText(/Total: \$160.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.type(await screen.findByLabelText(/Card Number/), '4242424242424242');
    await user.dblClick(screen.getByRole('button', { name: 'Pay $160.00' }));
    expect(await screen.findByRole('heading', { name: 'Transient Parking Requested' })).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Invoices/TieDown')).toHaveLength(1);
  });

  it('prefills the name and e-mail of a signed-in user', async () => {
    stub(false, () => ({ status: 500 }), { body: accessBody(buildUser({ isInternal: false, givenName: 'Bessie', familyName: 'Coleman', email: 'bessie@example.test' })) });
    renderApp('/tiedown/create');
    expect(await screen.findByDisplayValue('Bessie')).toBeInTheDocument();
    expect(screen.getByLabelText(/Last Name/)).toHaveValue('Coleman');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('bessie@example.test');
  });

  it('with Square, pays through Square\'s card fields: the token is the sourceId; a retry keeps key and token; a decline starts a new attempt', async () => {
    const user = userEvent.setup();
    const square = fakeSquare([{ status: 'OK', token: 'cnon:parking-1' }, { status: 'OK', token: 'cnon:parking-2' }]);
    const answers = [UNAVAILABLE, DECLINED, CREATED];
    const net = stub(true, () => answers.shift() ?? { status: 500 }, SIGNED_OUT, SQUARE_CONFIG_ROUTE);
    renderApp('/tiedown/create');
    await fill(user);
    expect(await screen.findByText(/Total: \$160.00/)).toBeInTheDocument();
    // Square's script is not loaded by the form, only by the payment step
    expect(squareScripts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await serveSquareSdk(square.sdk);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $160.00' })).toBeEnabled());
    expect(square.calls.attach).toHaveLength(1);
    expect(screen.queryByLabelText(/Card Number/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $160.00' }));
    expect(await screen.findByText(/you will not be charged twice/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $160.00' }));
    expect(await screen.findByText('The card was declined.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $160.00' }));
    expect(await screen.findByRole('heading', { name: 'Transient Parking Requested' })).toBeInTheDocument();

    const [first, retry, next] = net.callsTo('POST', '/api/Invoices/TieDown');
    expect(first!.body).toMatchObject({ sourceId: 'cnon:parking-1', firstName: 'Amelia' });
    expect(first!.body).not.toHaveProperty('amount');
    expect(retry!.body).toEqual(first!.body);
    expect(retry!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(next!.body).toMatchObject({ sourceId: 'cnon:parking-2' });
    expect(next!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
    expect(square.calls.tokenize).toBe(2);
  });

  it('with a provider the page cannot use, says card payments are unavailable and offers Back', async () => {
    const user = userEvent.setup();
    const net = stub(true, () => CREATED, SIGNED_OUT, { 'GET /api/Payment/Config': { body: { testMode: false, provider: { provider: 'other' }, testCards: null } } });
    renderApp('/tiedown/create');
    await fill(user);
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Card payments are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $160.00' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/Aircraft Number/)).toHaveValue('N123AB');
    expect(net.callsTo('POST', '/api/Invoices/TieDown')).toHaveLength(0);
  });
});
