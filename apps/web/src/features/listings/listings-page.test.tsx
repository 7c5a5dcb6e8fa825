import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfig, SIGNED_OUT } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const HANGAR = '0b9f5a8e-3c1d-4e2f-9a7b-6c5d4e3f2a10';
const OFFICE = '3e6a2b5c-0d9e-4f1a-8b2c-9f8e7d6c5b43';
const WIDTH = '2d7f3c6e-1b4a-4c5d-9e8f-8e7f6a5b4c32';

const LISTINGS = [
  {
    _id: 'l1', propertyName: 'T-Hangar A1', areaName: 'North Ramp', dateAvailable: '2025-07-04', rent: 450, description: 'Power and lights',
    image: '/api/Property/List/Images/a1-thumb.webp', location: { lat: 39.19, lon: -119.73 }, type: 'T-Hangar',
  },
  {
    _id: 'l2', propertyName: 'T-Hangar A2', areaName: 'North Ramp', dateAvailable: null, rent: 1250.5, description: 'Corner unit',
    image: null, location: { lat: 39.2, lon: -119.74 }, type: 'T-Hangar',
  },
];

function stubPublic() {
  return stubFetch({
    'GET /api/Session': SIGNED_OUT,
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Listings/Types': { body: [{ _id: HANGAR, name: 'T-Hangar' }, { _id: OFFICE, name: 'Office' }] },
    'GET /api/Listings/Attributes': {
      body: [{ _id: WIDTH, name: 'Door Width', attributeType: 'Numeric', allowFiltering: true, allowSorting: true, values: ['40', '42.5'] }],
    },
    'GET /api/Listings': { body: LISTINGS, headers: { 'X-Total-Count': '2' } },
  });
}

function lastListingsQuery(net: ReturnType<typeof stubFetch>): URLSearchParams {
  const calls = net.callsTo('GET', '/api/Listings');
  return new URLSearchParams(calls[calls.length - 1]!.search);
}

describe('public listings page', () => {
  it('shows each listing with its area, name, rent, description and available date, without signing in', async () => {
    const net = stubPublic();
    renderApp('/listings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Property Listings' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Listings' });
    const first = (await within(list).findByText('T-Hangar A1')).closest('li')!;
    expect(within(first).getByText('North Ramp · T-Hangar')).toBeInTheDocument();
    expect(within(first).getByText('$450.00')).toBeInTheDocument();
    expect(within(first).getByText('Power and lights')).toBeInTheDocument();
    expect(within(first).getByText('Available from 07/04/2025')).toBeInTheDocument();
    expect(within(list).getByText('$1,250.50')).toBeInTheDocument();
    expect(lastListingsQuery(net).get('sort')).toBe('rent:asc');
    expect(lastListingsQuery(net).get('pageSize')).toBe('10');
  });

  it('sends the type filter and the rent sort to the server and keeps them in the page URL', async () => {
    const user = userEvent.setup();
    const net = stubPublic();
    const { router } = renderApp('/listings');
    await screen.findByText('T-Hangar A1');
    await user.selectOptions(await screen.findByLabelText('Property Type'), HANGAR);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'rent');
    await user.selectOptions(screen.getByLabelText('Order'), 'desc');
    await waitFor(() => expect(lastListingsQuery(net).get('sort')).toBe('rent:desc'));
    expect(lastListingsQuery(net).get('type')).toBe(HANGAR);
    const pageUrl = new URLSearchParams(router.state.location.search);
    expect(pageUrl.get('type')).toBe(HANGAR);
    expect(pageUrl.get('sort')).toBe('rent:desc');

    await user.selectOptions(screen.getByLabelText('Door Width'), '42.5');
    await waitFor(() => expect(lastListingsQuery(net).get(`attr.${WIDTH}`)).toBe('42.5'));
    expect(new URLSearchParams(router.state.location.search).get(`attr.${WIDTH}`)).toBe('42.5');
  });

  it('restores filter, sort and page from a shared link', async () => {
    const net = stubPublic();
    renderApp(`/listings?type=${OFFICE}&sort=name:desc&page=2&pageSize=5`);
    await waitFor(() => expect(net.callsTo('GET', '/api/Listings').length).toBeGreaterThan(0));
    const query = lastListingsQuery(net);
    expect(query.get('type')).toBe(OFFICE);
    expect(query.get('sort')).toBe('name:desc');
    expect(query.get('page')).toBe('2');
    expect(query.get('pageSize')).toBe('5');
    expect(await screen.findByLabelText('Property Type')).toHaveValue(OFFICE);
  });

  it('marks the chosen listing and opens its place on the map', async () => {
    const user = userEvent.setup();
    stubPublic();
    renderApp('/listings');
    const item = await screen.findByRole('button', { name: 'Show on map: T-Hangar A2' });
    await user.click(item);
    expect(item).toHaveAttribute('aria-pressed', 'true');
    // The static map is replaced by the real one (Leaflet) once it has loaded, zoomed to the choice.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Map of listings' }).querySelector('.leaflet-popup-content')?.textContent).toContain('T-Hangar A2'),
    );
  });

  it('shows the listings on a static map without loading Leaflet, and the real map at the first interaction', async () => {
    const user = userEvent.setup();
    stubPublic();
    renderApp('/listings');
    const staticMap = await screen.findByRole('region', { name: 'Map of listings' });
    expect(within(staticMap).getByRole('button', { name: 'T-Hangar A1' })).toBeInTheDocument();
    expect(within(staticMap).getByRole('button', { name: 'T-Hangar A2' })).toBeInTheDocument();
    expect(document.querySelector('.leaflet-container')).toBeNull();

    await user.hover(staticMap);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Map of listings' })).toHaveClass('leaflet-container'));
    expect(screen.getAllByRole('region', { name: 'Map of listings' })).toHaveLength(1);
    expect(await within(screen.getByRole('region', { name: 'Map of listings' })).findByRole('button', { name: 'T-Hangar A1' })).toBeInTheDocument();
  });

  it('a marker of the static map chosen by keyboard opens its place on the real map and keeps the focus there', async () => {
    const user = userEvent.setup();
    stubPublic();
    renderApp('/listings');
    const staticMap = await screen.findByRole('region', { name: 'Map of listings' });
    within(staticMap).getByRole('button', { name: 'T-Hangar A2' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Map of listings' }).querySelector('.leaflet-popup-content')?.textContent).toContain('T-Hangar A2'),
    );
    expect(screen.getByRole('button', { name: 'Show on map: T-Hangar A2' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(document.activeElement).toHaveClass('leaflet-marker-icon'));
    expect(document.activeElement).toHaveAttribute('title', 'T-Hangar A2');
  });
});

describe('public listings past the count cap (issue 20)', () => {
  it('offers the page after the 1,000th listing while the server says one follows', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'GET /api/Session': SIGNED_OUT,
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Listings/Types': { body: [] },
      'GET /api/Listings/Attributes': { body: [] },
      'GET /api/Listings': (call) => {
        const page = Number(new URLSearchParams(call.search).get('page'));
        return { body: LISTINGS, headers: { 'X-Total-Count': '1000', 'X-Total-Count-Capped': 'true', 'X-Has-Next-Page': String(page < 101) } };
      },
    });
    renderApp('/listings?page=100');
    expect(await screen.findByText('1,000+ listings')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Listings pages' });
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'page 100' })).toBeInTheDocument());
    expect(within(pager).getByRole('button', { name: 'Go to next page' })).toBeEnabled();
    await user.click(within(pager).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastListingsQuery(net).get('page')).toBe('101'));
    expect(await within(pager).findByRole('button', { name: 'page 101' })).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });
});
