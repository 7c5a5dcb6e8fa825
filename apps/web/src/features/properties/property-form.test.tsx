import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch, type TStubResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const TYPE_ID = '0b9f5a8e-3c1d-4e2f-9a7b-6c5d4e3f2a10';
const AREA_ID = '1c8e4b7d-2a3f-4d5e-8b9c-7d6e5f4a3b21';
const LENGTH_ID = '2d7f3c6e-1b4a-4c5d-9e8f-8e7f6a5b4c32';
const STAMP = '2024-01-01T00:00:00Z';

function stubPropertyAdmin(postAnswer: TStubResponse) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Property'], isAdmin: true })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/PropertyTypes': { body: [{ _id: TYPE_ID, name: 'T-Hangar', attributes: [LENGTH_ID], createdAt: STAMP, updatedAt: STAMP }] },
    'GET /api/Property/Areas': { body: [{ _id: AREA_ID, name: 'North Ramp', description: '', createdAt: STAMP, updatedAt: STAMP }] },
    [`GET /api/Property/List/Attributes/${TYPE_ID}`]: {
      body: [{ _id: LENGTH_ID, name: 'Door Width', description: 'feet', attributeType: 'Numeric', allowFiltering: true, allowSorting: true, createdAt: STAMP, updatedAt: STAMP }],
    },
    'POST /api/Property/List': postAnswer,
  });
}

async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Name/), 'T-Hangar B7');
  await user.type(screen.getByLabelText(/^Address/), '2600 College Pkwy');
  await user.type(screen.getByLabelText(/^Description/), 'End unit with power');
  await user.selectOptions(screen.getByLabelText(/^Area/), AREA_ID);
  await user.selectOptions(screen.getByLabelText(/^Property Type/), TYPE_ID);
  await user.type(screen.getByLabelText(/^Rent/), '450');
}

describe('property form', () => {
  it('refuses a Numeric attribute of "abc" before anything is sent', async () => {
    const user = userEvent.setup();
    const net = stubPropertyAdmin({ status: 201, body: {} });
    renderApp('/properties/listings/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Property' })).toBeInTheDocument();
    await fillRequiredFields(user);
    await user.type(await screen.findByLabelText(/^Door Width/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Door Width must be a number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Door Width/)).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST', '/api/Property/List')).toHaveLength(0);
  });

  it('puts the server\'s 400 field errors on their fields', async () => {
    const user = userEvent.setup();
    const net = stubPropertyAdmin({
      status: 400,
      body: { code: 'VALIDATION', message: 'Invalid input', errors: { name: 'A property named T-Hangar B7 already exists', [`attributes.${LENGTH_ID}`]: 'Door Width is too wide' } },
    });
    renderApp('/properties/listings/add');
    await fillRequiredFields(user);
    await user.type(await screen.findByLabelText(/^Door Width/), '42.5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/Property/List')).toHaveLength(1));
    const body = net.callsTo('POST', '/api/Property/List')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'T-Hangar B7', rent: 450, area: AREA_ID, propertyType: TYPE_ID, attributes: { [LENGTH_ID]: '42.5' } });
    expect(await screen.findByText('A property named T-Hangar B7 already exists')).toBeInTheDocument();
    expect(screen.getByText('Door Width is too wide')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Door Width/)).toHaveAttribute('aria-invalid', 'true');
  });
});
