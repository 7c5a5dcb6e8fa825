import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAirport } from '@apron/core/airports';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const CARSON: TAirport = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'CXP',
  name: 'Carson City Airport',
  timeZone: 'America/Los_Angeles',
  address: '2600 E Graves Ln, Carson City, NV',
  mailFrom: null,
  publicHost: null,
  pathPrefix: null,
  enabled: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  logoUrl: null,
};
const MINDEN: TAirport = { ...CARSON, id: '00000000-0000-4000-8000-000000000002', code: 'MEV', name: 'Minden-Tahoe Airport', publicHost: 'minden.example.org' };

function signedIn(isAuthorityAdmin: boolean) {
  const user = buildUser({ modules: ['Settings'], isAdmin: true, isAuthorityAdmin });
  return { 'GET /api/Session': { body: accessBody(user) }, 'GET /api/AppConfig': { body: appConfig(true) }, 'GET /api/Airports/Mine': { body: [] } };
}

describe('Settings > Airports', () => {
  it('is a Settings entry for authority administrators only, and No Access for others', async () => {
    stubFetch({ ...signedIn(false), 'GET /api/Airports': { body: [CARSON] } });
    const first = renderApp('/settings');
    expect(await screen.findByRole('link', { name: 'Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Airports' })).not.toBeInTheDocument();
    first.unmount();

    const net = stubFetch({ ...signedIn(false), 'GET /api/Airports': { body: [CARSON] } });
    const second = renderApp('/settings/airports');
    expect(await screen.findByRole('heading', { name: 'No Access' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/Airports')).toHaveLength(0);
    second.unmount();

    stubFetch({ ...signedIn(true), 'GET /api/Airports': { body: [CARSON] } });
    renderApp('/settings');
    expect(await screen.findByRole('link', { name: 'Airports' })).toHaveAttribute('href', '/settings/airports');
  });

  it('lists the airports and creates one, showing the server field error on its field', async () => {
    const user = userEvent.setup();
    let created = false;
    const net = stubFetch({
      ...CSRF_ROUTE,
      ...signedIn(true),
      'GET /api/Airports': () => ({ body: created ? [CARSON, MINDEN, { ...MINDEN, id: 'new', code: 'KTVL', name: 'Lake Tahoe Airport' }] : [CARSON, MINDEN] }),
      'POST /api/Airports': (call) => {
        const body = call.body as { code: string };
        if (body.code === 'MEV') return { status: 400, body: { code: 'VALIDATION', message: 'Validation failed', errors: { code: 'Code MEV is taken by Minden-Tahoe Airport' } } };
        created = true;
        return { status: 201, body: { ...MINDEN, ...(call.body as object), id: 'new', enabled: true } };
      },
    });
    renderApp('/settings/airports');
    const table = await screen.findByRole('table', { name: 'Airports' });
    expect(await within(table).findByText('Carson City Airport')).toBeInTheDocument();
    expect(within(table).getByText('minden.example.org')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Airport' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Airport' }));
    await user.type(dialog.getByLabelText(/^Code/), 'mev');
    await user.type(dialog.getByLabelText(/^Name/), 'Lake Tahoe Airport');
    await user.type(dialog.getByRole('combobox', { name: /^Time Zone/ }), 'America/Los_Angeles');
    await user.type(dialog.getByLabelText(/^Public Host/), 'tahoe.example.org');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Code MEV is taken by Minden-Tahoe Airport')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Code/)).toHaveAccessibleDescription('Code MEV is taken by Minden-Tahoe Airport');
    expect(net.callsTo('POST', '/api/Airports')[0]!.body).toEqual({
      code: 'MEV', name: 'Lake Tahoe Airport', timeZone: 'America/Los_Angeles', address: '', mailFrom: null, publicHost: 'tahoe.example.org', pathPrefix: null,
    });

    await user.clear(dialog.getByLabelText(/^Code/));
    await user.type(dialog.getByLabelText(/^Code/), 'KTVL');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table).findByText('Lake Tahoe Airport')).toBeInTheDocument();
  });

  it('checks the fields before sending: a time zone that does not exist is refused on its field', async () => {
    const user = userEvent.setup();
    const net = stubFetch({ ...CSRF_ROUTE, ...signedIn(true), 'GET /api/Airports': { body: [CARSON] } });
    renderApp('/settings/airports');
    await user.click(await screen.findByRole('button', { name: 'Edit CXP Carson City Airport' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Airport CXP' }));
    const zone = dialog.getByRole('combobox', { name: /^Time Zone/ });
    expect(zone).toHaveValue('America/Los_Angeles');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.type(dialog.getByLabelText(/^Mail Sender/), 'not an address');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    // The shared schema's own words (core airports.ts) are on the fields; which words is the schema's business.
    await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
    expect(zone).toHaveAccessibleDescription(/time zone/i);
    expect(dialog.getByLabelText(/^Mail Sender/)).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('PUT', `/api/Airports/${CARSON.id}`)).toHaveLength(0);
  });
});
