import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TProperty } from '@apron/core/properties';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const PROPERTY_ID = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b';
const TYPE_ID = '0b9f5a8e-3c1d-4e2f-9a7b-6c5d4e3f2a10';
const AREA_ID = '1c8e4b7d-2a3f-4d5e-8b9c-7d6e5f4a3b21';
const AGREEMENT_ID = '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c';
const STAMP = '2024-01-01T00:00:00Z';

function property(overrides: Partial<TProperty>): TProperty {
  return {
    _id: PROPERTY_ID, name: 'T-Hangar B7', description: 'End unit', area: AREA_ID, areaName: 'North Ramp', propertyType: TYPE_ID, propertyTypeName: 'T-Hangar',
    address: '2600 College Pkwy', rent: 450, availableDate: null, visibletoExternal: true, location: { lat: 39.193, lon: -119.734 }, status: 'Active',
    attributes: {}, headerImage: null, images: [], leaseInfo: { status: 'Active', agreement: null }, abilities: { edit: true, changeStatus: true },
    createdAt: STAMP, updatedAt: STAMP, ...overrides,
  };
}

function stubProperty(body: TProperty) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Property'], isAdmin: true })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Property/List/${PROPERTY_ID}`]: { body },
    'GET /api/PropertyTypes': { body: [{ _id: TYPE_ID, name: 'T-Hangar', attributes: [], createdAt: STAMP, updatedAt: STAMP }] },
    'GET /api/Property/Areas': { body: [{ _id: AREA_ID, name: 'North Ramp', description: '', createdAt: STAMP, updatedAt: STAMP }] },
    [`GET /api/Property/List/Attributes/${TYPE_ID}`]: { body: [] },
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
  });
}

describe('property status (spec doc 1 §5)', () => {
  it('shows a Leased property as Leased with no manual status change, as its abilities say', async () => {
    stubProperty(property({
      status: 'Leased',
      leaseInfo: { status: 'Leased', agreement: { _id: AGREEMENT_ID, title: 'B7 lease', agreementNum: 'A-7' } },
      abilities: { edit: true, changeStatus: false },
    }));
    renderApp(`/properties/listings/${PROPERTY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: /T-Hangar B7/ })).toBeInTheDocument();
    expect(screen.getAllByText('Leased').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Make Inactive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Active' })).not.toBeInTheDocument();
  });

  it('offers Make Inactive on an Active property whose abilities allow it', async () => {
    stubProperty(property({}));
    renderApp(`/properties/listings/${PROPERTY_ID}`);
    expect(await screen.findByRole('button', { name: 'Make Inactive' })).toBeInTheDocument();
  });
});
