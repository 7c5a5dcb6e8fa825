import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AIRPORT_LOGO_LIMITS, type TAirport } from '@apron/core/airports';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const AIRPORT_ID = '00000000-0000-4000-8000-000000000001';
const LOGO = `/api/Airports/${AIRPORT_ID}/Logo?v=11111111-1111-4111-8111-111111111111`;
const CARSON: TAirport = {
  id: AIRPORT_ID, code: 'CXP', name: 'Carson City Airport', timeZone: 'America/Los_Angeles', address: '', mailFrom: null,
  publicHost: null, pathPrefix: null, enabled: true, createdAt: '2026-11-01T00:00:00.000Z', logoUrl: null,
};

function settingsAdmin(logoUrl: () => string | null) {
  const user = buildUser({ modules: ['Settings'], isAdmin: true, airportId: AIRPORT_ID });
  return {
    'GET /api/Session': { body: accessBody(user) },
    'GET /api/AppConfig': () => ({ body: appConfig(true, logoUrl()) }),
    'GET /api/Airports/Mine': { body: [] },
  };
}

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

describe('the airport logo', () => {
  it('the top bar shows the logo when the airport has one, the product icon otherwise', async () => {
    stubFetch({ ...settingsAdmin(() => LOGO) });
    const first = renderApp('/settings');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner.querySelector(`img[src="${LOGO}"]`)).not.toBeNull());
    first.unmount();

    stubFetch({ ...settingsAdmin(() => null) });
    renderApp('/settings');
    await screen.findByRole('link', { name: 'Airport Logo' });
    expect((await screen.findByRole('banner')).querySelector('img')).toBeNull();
  });

  it('a Settings admin uploads, sees and removes their airport’s logo; an over-size file is refused before upload', async () => {
    const user = userEvent.setup();
    let logo: string | null = null;
    const net = stubFetch({
      ...CSRF_ROUTE,
      ...settingsAdmin(() => logo),
      [`PUT /api/Airports/${AIRPORT_ID}/Logo`]: () => {
        logo = LOGO;
        return { body: { ...CARSON, logoUrl: LOGO } };
      },
      [`DELETE /api/Airports/${AIRPORT_ID}/Logo`]: () => {
        logo = null;
        return { body: CARSON };
      },
    });
    renderApp('/settings');
    await user.click(await screen.findByRole('link', { name: 'Airport Logo' }));
    expect(await screen.findByRole('heading', { name: 'Airport Logo' })).toBeInTheDocument();
    expect(screen.getByText(/No logo/)).toBeInTheDocument();

    const input = screen.getByLabelText('Upload Logo');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await user.upload(input, png(AIRPORT_LOGO_LIMITS.maxBytes + 1));
    expect(await screen.findByText(AIRPORT_LOGO_LIMITS.tooLargeMessage)).toBeInTheDocument();
    expect(net.callsTo('PUT', `/api/Airports/${AIRPORT_ID}/Logo`)).toHaveLength(0);

    await user.upload(input, png(2048));
    expect(await screen.findByRole('img', { name: 'Logo of Carson City Airport' })).toHaveAttribute('src', LOGO);
    const sent = net.callsTo('PUT', `/api/Airports/${AIRPORT_ID}/Logo`)[0]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('file') as File).name).toBe('logo.png');

    await user.click(screen.getByRole('button', { name: 'Remove Logo' }));
    expect(await screen.findByText(/No logo/)).toBeInTheDocument();
    expect(net.callsTo('DELETE', `/api/Airports/${AIRPORT_ID}/Logo`)).toHaveLength(1);
  });

  it('Settings has no Airport Logo entry for staff who are not Settings admins', async () => {
    const user = buildUser({ modules: ['Settings'], isAdmin: false, airportId: AIRPORT_ID });
    stubFetch({ 'GET /api/Session': { body: accessBody(user) }, 'GET /api/AppConfig': { body: appConfig(true) }, 'GET /api/Airports/Mine': { body: [] } });
    renderApp('/settings');
    const list = await screen.findByRole('list');
    expect(within(list).queryByRole('link', { name: 'Airport Logo' })).not.toBeInTheDocument();
  });
});
