import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMyAirport } from '@apron/core/airports';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const CARSON = { id: '00000000-0000-4000-8000-000000000001', code: 'CXP', name: 'Carson City Airport', timeZone: 'America/Los_Angeles' };
const MINDEN = { id: '00000000-0000-4000-8000-000000000002', code: 'MEV', name: 'Minden-Tahoe Airport', timeZone: 'America/Los_Angeles' };

/** A server where the session works at `current`; PUT /api/Session/Airport moves it. */
function twoAirportServer(airports: (typeof CARSON)[]) {
  let current = airports[0]!.id;
  const user = () => buildUser({ modules: ['Settings'], airportId: current });
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': () => ({ body: accessBody(user()) }),
    'GET /api/AppConfig': () => {
      const config = appConfig(true);
      config.jsonvalue.airportName = airports.find((airport) => airport.id === current)!.name;
      return { body: config };
    },
    'GET /api/Airports/Mine': () => ({ body: airports.map((airport): TMyAirport => ({ ...airport, current: airport.id === current })) }),
    'PUT /api/Session/Airport': (call) => {
      current = (call.body as { airportId: string }).airportId;
      const { signedIn: _signedIn, ...access } = accessBody(user()) as ReturnType<typeof accessBody> & { signedIn: true };
      return { body: access };
    },
  });
}

describe('airport switcher', () => {
  it('is not shown to a user who works at one airport: the top bar keeps the name', async () => {
    const net = twoAirportServer([CARSON]);
    renderApp('/');
    expect(await screen.findByText('Carson City Airport', { selector: 'div' })).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('GET', '/api/Airports/Mine')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /switch airport/i })).not.toBeInTheDocument();
  });

  it('lists the other airports, moves the session, drops the cache and opens the home page', async () => {
    const user = userEvent.setup();
    const net = twoAirportServer([CARSON, MINDEN]);
    const { router } = renderApp('/settings');
    const button = await screen.findByRole('button', { name: 'Switch airport (now CXP Carson City Airport)' });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();

    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Switch to airport' });
    // Only the others: the current airport is the button itself.
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['MEV Minden-Tahoe AirportAmerica/Los_Angeles']);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Switch airport (now MEV Minden-Tahoe Airport)' })).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/Session/Airport').map((call) => call.body)).toEqual([{ airportId: MINDEN.id }]);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Now working at MEV Minden-Tahoe Airport')).toBeInTheDocument();
    // What was cached at the first airport is asked again at the second (the name, the list).
    await waitFor(() => expect(net.callsTo('GET', '/api/AppConfig')).toHaveLength(2));
    expect(net.callsTo('GET', '/api/Airports/Mine')).toHaveLength(2);
    // The session itself is not asked again: the PUT answered who the user is now.
    expect(net.callsTo('GET', '/api/Session')).toHaveLength(1);
  });

  it('keeps the current airport and says so when the switch is refused', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Airports/Mine': { body: [{ ...CARSON, current: true }, { ...MINDEN, current: false }] },
      'PUT /api/Session/Airport': { status: 403, body: { code: 'FORBIDDEN', message: 'You no longer work at this airport' } },
    });
    const { router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /switch airport/i }));
    await user.click(await screen.findByRole('menuitem', { name: /MEV/ }));
    expect(await screen.findByText('You no longer work at this airport')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch airport (now CXP Carson City Airport)' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('keeps the name when the airports cannot be loaded, and offers to try again', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Airports/Mine': () =>
        failing ? { status: 503, body: { code: 'UNAVAILABLE', message: 'Service unavailable' } } : { body: [{ ...CARSON, current: true }, { ...MINDEN, current: false }] },
    });
    renderApp('/');
    expect(await screen.findByText('Carson City Airport', { selector: 'div' })).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Your airports could not be loaded. Try again' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Switch airport (now CXP Carson City Airport)' })).toBeInTheDocument();
  });
});
