import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const user = userEvent.setup({ delay: null });
import type { TWaitlistJoinInfo } from '@apron/core/waitlist';
import { fakeSquare, forgetSquareSdk, serveSquareSdk, SQUARE_CONFIG_ROUTE, squareScripts } from '../../test/fake-square';
import { CSRF_ROUTE, stubFetch, type TRecordedCall } from '../../test/fetch-stub';
import { SIGNED_OUT } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { JoinWaitlistButtons } from './join-waitlist-buttons';

const TYPE_ID = '5d0c3a1e-2b4f-4c6d-8e9f-0a1b2c3d4e5f';

function info(overrides: Partial<TWaitlistJoinInfo> = {}): TWaitlistJoinInfo {
  return { propertyTypes: [{ _id: TYPE_ID, name: 'T-Hangar' }], charge: 10, factSheetUrl: '/api/factsheet', staffForm: false, testMode: true, ...overrides };
}

const TEST_CONFIG_ROUTE = { 'GET /api/Payment/Config': { body: { testMode: true, provider: { provider: 'test' }, testCards: { approve: '4242424242424242', decline: '4000000000000002' } } } };
const JOINED = { status: 201, body: { message: 'Added to WaitList', _id: 'a1', status: 'Paid', amount: 10 } };

function stub(joinInfo: TWaitlistJoinInfo, post: (call: TRecordedCall) => { status?: number; body?: unknown } = () => JOINED, paymentConfig: Record<string, { body: unknown }> = TEST_CONFIG_ROUTE) {
  return stubFetch({
    ...CSRF_ROUTE,
    ...paymentConfig,
    'GET /api/Session': SIGNED_OUT,
    'GET /api/WaitList/Join': { body: joinInfo },
    'POST /api/WaitList/Join': post,
  });
}

async function fillForm(dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByLabelText(/^Property Type/), TYPE_ID);
  await user.type(within(dialog).getByLabelText(/^First Name/), 'Jamie');
  await user.type(within(dialog).getByLabelText(/^Last Name/), 'Wingfield');
  await user.type(within(dialog).getByLabelText(/^Phone/), '7755550199');
  await user.type(within(dialog).getByLabelText(/^Email/), 'jamie@example.test');
  await user.type(within(dialog).getByLabelText(/^Organization/), 'Wingfield Aero');
}

afterEach(() => {
  forgetSquareSdk();
});

async function openDialog() {
  await user.click(screen.getByRole('button', { name: 'Join WaitList' }));
  // the first dialog says Loading; the form replaces it once the server's answer is in
  await screen.findByLabelText(/^Property Type/);
  return screen.getByRole('dialog', { name: 'Join WaitList' });
}

describe('Join WaitList dialog', () => {
  it("the public form: 'Please Select' first, phone, e-mail and organization required, 'Pay and Submit' with a card; the amount is not sent", async () => {
    const net = stub(info());
    renderWithProviders(<JoinWaitlistButtons />);
    expect(screen.getByRole('link', { name: 'Property Fact Sheet' })).toHaveAttribute('href', '/api/factsheet');
    const dialog = await openDialog();
    const select = within(dialog).getByLabelText(/^Property Type/);
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Please Select');
    await user.click(within(dialog).getByRole('button', { name: 'Pay and Submit' }));
    expect(await within(dialog).findByText('Organization is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/WaitList/Join')).toHaveLength(0);

    await fillForm(dialog);
    expect(within(dialog).getByRole('list', { name: 'Test cards' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay and Submit' }));
    expect(await within(dialog).findByText('Card Number is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Card Number/), '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay and Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Added to WaitList' })).toBeInTheDocument();
    const [call] = net.callsTo('POST', '/api/WaitList/Join');
    expect(call!.body).toMatchObject({ propertyType: TYPE_ID, firstName: 'Jamie', sourceId: 'test:4242424242424242', website: '' });
    expect(call!.body).not.toHaveProperty('amount');
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^pay-/);
  }, 120_000);

  it("staff (the server's staffForm) may leave phone, e-mail and organization blank; no charge reads 'Submit'", async () => {
    const net = stub(info({ charge: 0, staffForm: true }));
    renderWithProviders(<JoinWaitlistButtons />);
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Property Type/), TYPE_ID);
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Walk');
    await user.type(within(dialog).getByLabelText(/^Last Name/), 'In');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/WaitList/Join')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/WaitList/Join')[0]!.body).not.toHaveProperty('sourceId');
  }, 120_000);

  it("with Square, sends Square's token as sourceId; a retry keeps key and token, a decline starts a new attempt", async () => {
    const square = fakeSquare([{ status: 'OK', token: 'cnon:waitlist-1' }, { status: 'OK', token: 'cnon:waitlist-2' }]);
    const answers = [
      { status: 503, body: { code: 'UNAVAILABLE', message: 'The payment service is unavailable. Try again.' } },
      { status: 422, body: { code: 'UNPROCESSABLE', message: 'The card was declined.' } },
      JOINED,
    ];
    const net = stub(info(), () => answers.shift() ?? { status: 500 }, SQUARE_CONFIG_ROUTE);
    renderWithProviders(<JoinWaitlistButtons />);
    // the listings page loads no card code: Square's script comes with the dialog's payment section
    expect(squareScripts()).toHaveLength(0);
    const dialog = await openDialog();
    await serveSquareSdk(square.sdk);
    await waitFor(() => expect(square.calls.attach).toHaveLength(1));
    expect(within(dialog).queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    await fillForm(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Pay and Submit' }));
    expect(await screen.findByText('The payment service is unavailable. Try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay and Submit' }));
    expect(await screen.findByText('The card was declined.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay and Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Added to WaitList' })).toBeInTheDocument();

    const [first, retry, next] = net.callsTo('POST', '/api/WaitList/Join');
    expect(first!.body).toMatchObject({ propertyType: TYPE_ID, sourceId: 'cnon:waitlist-1' });
    expect(first!.body).not.toHaveProperty('amount');
    expect(retry!.body).toEqual(first!.body);
    expect(retry!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
    expect(next!.body).toMatchObject({ sourceId: 'cnon:waitlist-2' });
    expect(next!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
    expect(square.calls.tokenize).toBe(2);
  }, 120_000);
});
