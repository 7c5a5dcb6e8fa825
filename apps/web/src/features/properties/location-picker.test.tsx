import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GEOCODER_UNAVAILABLE_MESSAGE } from '@apron/core/properties';
import { appConfig } from '../../test/fixtures';
import { stubFetch, type TStubResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { LocationPicker } from './location-picker';

const START = { lat: 39.193, lon: -119.734 };
const PROPERTY_ID = '3e6a2b5c-0d9f-4b8e-8a7d-9f8e7d6c5b43';
const STAMP = '2024-01-01T00:00:00Z';

function stubNetwork(geocode: TStubResponse) {
  return stubFetch({
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Property/List': {
      body: [{ _id: PROPERTY_ID, name: 'Reno Box Hangar 4', description: '', address: '1 Ramp Rd', propertyType: 'Box Hangar', area: 'North Ramp', status: 'Active', createdAt: STAMP, updatedAt: STAMP }],
      headers: { 'x-total-count': '1' },
    },
    'GET /api/Geocode': geocode,
  });
}

function renderPicker() {
  const onPick = vi.fn();
  renderWithProviders(<LocationPicker open value={START} onClose={() => {}} onPick={onPick} />);
  return onPick;
}

describe('location picker search', () => {
  it('lists addresses from the geocoder next to this airport’s properties; picking one moves the pin there', async () => {
    const user = userEvent.setup();
    const net = stubNetwork({
      body: [
        { label: 'Reno-Tahoe International Airport, Reno, Nevada, USA', lat: 39.4991, lon: -119.7681 },
        { label: 'Reno, Washoe County, Nevada, USA', lat: 39.5299, lon: -119.8143 },
      ],
    });
    const onPick = renderPicker();
    await user.type(await screen.findByRole('combobox', { name: /Search properties or addresses/ }), 'Reno');

    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: 'Reno-Tahoe International Airport, Reno, Nevada, USA' })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: 'Reno Box Hangar 4' })).toBeInTheDocument();
    expect(within(listbox).getByText('Addresses')).toBeInTheDocument();
    expect(within(listbox).getByText('This airport')).toBeInTheDocument();
    const geocodeCall = net.callsTo('GET', '/api/Geocode').at(-1)!;
    expect(new URLSearchParams(geocodeCall.search).get('q')).toBe('Reno');

    await user.click(within(listbox).getByRole('option', { name: 'Reno-Tahoe International Airport, Reno, Nevada, USA' }));
    expect(screen.getByText('Latitude 39.499100, Longitude -119.768100')).toBeInTheDocument();
    // Picking an address is not a new search.
    expect(net.callsTo('GET', '/api/Geocode').every((c) => new URLSearchParams(c.search).get('q') === 'Reno')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Use this location' }));
    expect(onPick).toHaveBeenCalledWith({ lat: 39.4991, lon: -119.7681 });
  });

  it('shows the server’s message when address search is unavailable, and keeps properties and the map usable', async () => {
    const user = userEvent.setup();
    stubNetwork({ status: 503, body: { code: 'UNAVAILABLE', message: GEOCODER_UNAVAILABLE_MESSAGE } });
    const onPick = renderPicker();
    await user.type(await screen.findByRole('combobox', { name: /Search properties or addresses/ }), 'Reno');

    expect(await screen.findByText(GEOCODER_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Reno Box Hangar 4' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Location picker map' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use this location' }));
    expect(onPick).toHaveBeenCalledWith(START);
  });
});
