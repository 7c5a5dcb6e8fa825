import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_CARDS } from '@apron/core/payments';
import { CSRF_ROUTE, stubFetch } from '../test/fetch-stub';
import { fakeSquare, failSquareSdk, forgetSquareSdk, PRODUCTION_SDK_SRC, SANDBOX_SDK_SRC, serveSquareSdk, SQUARE_CONFIG_ROUTE, SQUARE_PROVIDER, squareScripts } from '../test/fake-square';
import { renderWithProviders } from '../test/render';
import { CardEntry, NO_CARD, type TCardEntryHandle, type TCardEntryState } from './card-entry';

const TEST_CONFIG_ROUTE = { 'GET /api/Payment/Config': { body: { testMode: true, provider: { provider: 'test' }, testCards: { ...TEST_CARDS } } } };

/** A parent form as the callers build it: it asks the card for a token and shows what it got. */
function PayForm({ error }: { error?: string }) {
  const card = useRef<TCardEntryHandle>(null);
  const [state, setState] = useState<TCardEntryState>(NO_CARD);
  const [answer, setAnswer] = useState('');
  return (
    <form
      aria-label="Pay"
      onSubmit={(event) => {
        event.preventDefault();
        card.current!.tokenize().then(
          (token) => setAnswer(`token ${token}`),
          (e: Error) => setAnswer(`error ${e.message}`),
        );
      }}
    >
      <CardEntry ref={card} onCardChange={setState} error={error} />
      <button type="submit" disabled={!state.ready}>
        Pay
      </button>
      <button type="button" onClick={() => card.current!.clear()}>
        Clear
      </button>
      <output aria-label="Answer">{answer}</output>
      <output aria-label="Card">{state.card}</output>
    </form>
  );
}

const answer = () => screen.getByRole('status', { name: 'Answer' });

afterEach(() => {
  forgetSquareSdk();
});

describe('CardEntry, test provider', () => {
  it('shows the card number with the documented test cards and gives test:<digits> as the token', async () => {
    const user = userEvent.setup();
    stubFetch({ ...CSRF_ROUTE, ...TEST_CONFIG_ROUTE });
    renderWithProviders(<PayForm />);
    const field = await screen.findByLabelText(/^Card Number/);
    const cards = screen.getByRole('list', { name: 'Test cards' });
    expect(within(cards).getByText('4242 4242 4242 4242 approves')).toBeInTheDocument();
    expect(within(cards).getByText('4000 0000 0000 0002 declines')).toBeInTheDocument();
    expect(screen.getByText('Test mode: no money moves.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    await user.type(field, '4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('error Card Number is not valid')).toBeInTheDocument();

    await user.type(field, ' 4242 4242');
    expect(screen.getByRole('status', { name: 'Card' })).toHaveTextContent(TEST_CARDS.approve);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(answer()).toHaveTextContent(`token test:${TEST_CARDS.approve}`));
    // no page with the test provider loads Square
    expect(document.querySelector('script[src*="squarecdn.com"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it("shows the parent's card error on the field", async () => {
    stubFetch({ ...CSRF_ROUTE, ...TEST_CONFIG_ROUTE });
    renderWithProviders(<PayForm error="The card was declined." />);
    const field = await screen.findByLabelText(/^Card Number/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The card was declined.');
  });

  it('says card payments are unavailable when the configuration cannot be read', async () => {
    stubFetch({ ...CSRF_ROUTE, 'GET /api/Payment/Config': { status: 503, body: { code: 'UNAVAILABLE', message: 'Down' } } });
    renderWithProviders(<PayForm />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Card payments are unavailable right now.');
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});

describe('CardEntry, Square', () => {
  it('says card payments are unavailable when Square.js does not load, and a later card form tries again', async () => {
    stubFetch({ ...CSRF_ROUTE, ...SQUARE_CONFIG_ROUTE });
    const first = renderWithProviders(<PayForm />);
    expect(await screen.findByText('Loading the card form…')).toBeInTheDocument();
    await failSquareSdk();
    expect(await screen.findByRole('alert')).toHaveTextContent('Card payments are unavailable right now.');
    expect(squareScripts()).toHaveLength(0);
    expect(screen.queryByText(/no money moves/)).not.toBeInTheDocument();
    first.unmount();

    renderWithProviders(<PayForm />);
    await waitFor(() => expect(squareScripts()).toHaveLength(1));
  });

  it("loads Square.js once, attaches Square's card fields and gives Square's token", async () => {
    const user = userEvent.setup();
    const square = fakeSquare([{ status: 'Invalid', errors: [{ message: 'Card number is not valid.' }] }, { status: 'OK', token: 'cnon:card-nonce-ok' }]);
    stubFetch({ ...CSRF_ROUTE, ...SQUARE_CONFIG_ROUTE });
    renderWithProviders(<PayForm />);
    await serveSquareSdk(square.sdk);
    await waitFor(() => expect(square.calls.attach).toHaveLength(1));
    expect(square.calls.payments).toEqual([[SQUARE_PROVIDER.applicationId, SQUARE_PROVIDER.locationId]]);
    // Square's fields go into our labelled container
    const container = screen.getByRole('region', { name: 'Card' });
    expect(square.calls.attach[0]).toBe(`#${container.id}`);
    expect(screen.queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(screen.getByText(/Square sandbox/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());

    // Square's own words for a card it refuses
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(answer()).toHaveTextContent('error Card number is not valid.'));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(answer()).toHaveTextContent('token cnon:card-nonce-ok'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(square.calls.clear).toBe(1);
    expect(squareScripts()).toHaveLength(1);
  });

  it("loads the production Square.js for a production configuration", async () => {
    stubFetch({ ...CSRF_ROUTE, 'GET /api/Payment/Config': { body: { testMode: false, provider: { ...SQUARE_PROVIDER, applicationId: 'sq0idp-live', environment: 'production' }, testCards: null } } });
    const square = fakeSquare([]);
    renderWithProviders(<PayForm />);
    await serveSquareSdk(square.sdk, PRODUCTION_SDK_SRC);
    await waitFor(() => expect(square.calls.payments).toEqual([['sq0idp-live', SQUARE_PROVIDER.locationId]]));
    expect(squareScripts(SANDBOX_SDK_SRC)).toHaveLength(0);
    expect(screen.queryByText(/Square sandbox/)).not.toBeInTheDocument();
  });
});
