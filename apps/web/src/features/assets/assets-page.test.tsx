import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const LIGHTS = {
  _id: '6f1c2a4e-1111-4222-8333-944455556666',
  name: 'Runway Lights',
  description: 'Edge lights',
  status: true,
  color: '#f9a825',
  formId: 'f1',
  fields: [
    { fieldName: 'condition', fieldLabel: 'Condition', fieldType: 'String', isRequired: true, domainvalues: ['Good', 'Fair', 'Poor'], showOnGrid: true },
    { fieldName: 'wattage', fieldLabel: 'Wattage', fieldType: 'Number', isRequired: false, domainvalues: [], showOnGrid: true },
    { fieldName: 'installedOn', fieldLabel: 'Installed On', fieldType: 'Date', isRequired: false, domainvalues: [], showOnGrid: true },
    { fieldName: 'lit', fieldLabel: 'Lit', fieldType: 'Boolean', isRequired: false, domainvalues: [], showOnGrid: true },
  ],
  assetCount: 1,
  abilities: { edit: false, delete: false },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const ROW = {
  _id: 'a1', assetId: LIGHTS._id, name: 'Runway Lights', color: '#f9a825', assetnumber: 7, status: true, location: { lat: 39.19, lon: -119.73 },
  createdAt: '2026-02-03T18:00:00Z', updatedAt: '2026-02-03T18:00:00Z', condition: 'Fair', wattage: 60, installedOn: null, lit: true,
};

function stub(routes: Record<string, { status?: number; body: unknown; headers?: Record<string, string> }>) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: [] })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    ...routes,
  });
}

const WAIT = { timeout: 20_000 };

describe('/asset', { timeout: 120_000 }, () => {
  it('with no master asset, links to Settings with the spec text', async () => {
    stub({ 'GET /api/Assets/Masters': { body: [] } });
    renderApp('/asset');
    const link = await screen.findByRole('link', { name: 'No Master Asset added yet. Please click here to proceed.' }, WAIT);
    expect(link).toHaveAttribute('href', '/settings/asset');
  });

  it('says when the assets cannot be loaded', async () => {
    stub({ 'GET /api/Assets/Masters': { status: 500, body: { message: 'boom' } } });
    renderApp('/asset');
    expect(await screen.findByText('Failed to load assets. Please try again later.', undefined, WAIT)).toBeInTheDocument();
  });

  it('lists the types as cards linking to their list, which shows the configured columns', async () => {
    const net = stub({
      'GET /api/Assets/Masters': { body: [LIGHTS] },
      'GET /api/Assets/GetAssets': { body: [ROW], headers: { 'X-Total-Count': '1' } },
    });
    const user = userEvent.setup();
    renderApp('/asset');
    await user.click(await screen.findByRole('link', { name: /Runway Lights/ }, WAIT));
    expect(await screen.findByRole('heading', { level: 1, name: 'Runway Lights' }, WAIT)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', undefined, WAIT);
    for (const header of ['Action', 'Condition', 'Wattage', 'Installed On', 'Lit', 'Asset Status', 'Created On']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(await within(grid).findByText('Fair', undefined, WAIT)).toBeInTheDocument();
    expect(within(grid).getByText('Yes')).toBeInTheDocument();
    expect(within(grid).getByText('-')).toBeInTheDocument();
    expect(new URLSearchParams(net.callsTo('GET', '/api/Assets/GetAssets')[0]!.search).get('assetId')).toBe(LIGHTS._id);
    expect(screen.getByRole('button', { name: 'Add New Asset' })).toBeInTheDocument();
  });

  it("the add panel checks the type's fields with the core's schema before sending", async () => {
    const net = stub({
      'GET /api/Assets/Masters': { body: [LIGHTS] },
      'GET /api/Assets/GetAssets': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    const user = userEvent.setup();
    renderApp(`/asset/assetList/${LIGHTS._id}`);
    await user.click(await screen.findByRole('button', { name: 'Add New Asset' }, WAIT));
    expect(await screen.findByRole('heading', { name: 'Add New Runway Lights' }, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveValue('39.193000, -119.734000');
    await user.type(screen.getByLabelText('Wattage'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Condition is required', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Wattage must be a number')).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('POST', '/api/Assets/CreateAsset')).toHaveLength(0));
  });
});
