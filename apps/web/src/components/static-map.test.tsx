import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfig } from '../test/fixtures';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import type { TMapMarker } from './map-view';
import { fitViewport, StaticMap } from './static-map';
import { TILES_FAILED_TEXT } from './use-leaflet-map';

const FALLBACK = { center: { lat: 39.193, lon: -119.734 }, zoom: 10 };
const MARKERS: TMapMarker[] = [
  { id: 'p1', position: { lat: 39.19, lon: -119.73 }, title: 'T-Hangar A1' },
  { id: 'p2', position: { lat: 39.2, lon: -119.74 }, title: '<img src=x onerror="alert(1)">' },
];

function renderStaticMap(overrides: Partial<Parameters<typeof StaticMap>[0]> = {}) {
  const props = { onInteract: vi.fn(), onMarkerClick: vi.fn(), onViewportChange: vi.fn() };
  renderWithProviders(<StaticMap ariaLabel="Property map" markers={MARKERS} fallback={FALLBACK} maxZoom={14} {...props} {...overrides} />);
  return props;
}

describe('fitViewport', () => {
  it('centres the markers at the largest whole zoom where they fit (Web Mercator)', () => {
    // Two points 0.01 degree apart both ways span 233 x 301 px at zoom 15 and 466 x 601 at 16:
    // in a 600 x 400 box less 40 px of padding each side (520 x 320), 15 is the largest that fits.
    const view = fitViewport([MARKERS[0]!.position, MARKERS[1]!.position], 600, 400, FALLBACK, 18);
    expect(view.zoom).toBe(15);
    expect(fitViewport([MARKERS[0]!.position, MARKERS[1]!.position], 600, 400, FALLBACK, 14).zoom).toBe(14);
    expect(view.center.lon).toBeCloseTo(-119.735, 6);
    expect(view.center.lat).toBeCloseTo(39.195, 3);
  });

  it('keeps a single marker at the highest zoom allowed, and falls back when nothing can be fitted', () => {
    const single = fitViewport([MARKERS[0]!.position], 600, 400, FALLBACK, 14);
    expect(single.zoom).toBe(14);
    expect(single.center.lat).toBeCloseTo(39.19, 9);
    expect(single.center.lon).toBeCloseTo(-119.73, 9);
    expect(fitViewport([], 600, 400, FALLBACK, 14)).toBe(FALLBACK);
    expect(fitViewport([MARKERS[0]!.position], 0, 0, FALLBACK, 14)).toBe(FALLBACK);
  });
});

describe('StaticMap', () => {
  it('renders one keyboard-reachable marker per item, named by its title as text, without Leaflet', async () => {
    stubFetch({ 'GET /api/AppConfig': { body: appConfig(true) } });
    renderStaticMap();
    const map = screen.getByRole('region', { name: 'Property map' });
    const marker = within(map).getByRole('button', { name: '<img src=x onerror="alert(1)">' });
    expect(marker.tagName).toBe('BUTTON');
    expect(within(map).getByRole('button', { name: 'T-Hangar A1' })).toBeInTheDocument();
    expect(map.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('.leaflet-container')).toBeNull();
    expect(within(map).getByText('© OpenStreetMap contributors')).toBeInTheDocument();
  });

  it('reports the first interaction and the markers chosen', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/AppConfig': { body: appConfig(true) } });
    const props = renderStaticMap();
    const map = screen.getByRole('region', { name: 'Property map' });
    fireEvent.wheel(map);
    expect(props.onInteract).toHaveBeenCalled();
    await user.click(within(map).getByRole('button', { name: 'T-Hangar A1' }));
    expect(props.onMarkerClick).toHaveBeenCalledWith('p1');
    expect(props.onViewportChange).toHaveBeenCalledWith(FALLBACK);
  });

  it('draws the Streets tiles of the app config and, when they cannot load, its markers on a plain background', async () => {
    const config = appConfig(true);
    stubFetch({ 'GET /api/AppConfig': { body: { ...config, jsonvalue: { ...config.jsonvalue, mapStreetsUrl: 'https://tiles.example/{z}/{x}/{y}.png' } } } });
    const sizes = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    const heights = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    try {
      renderStaticMap();
      const map = screen.getByRole('region', { name: 'Property map' });
      // The two markers shown at zoom 14 (the most allowed) in 600 x 400: their middle is in tile
      // 2742/6250, and the box spans tiles 2741-2743 across and 6249-6250 down.
      await waitFor(() => expect(map.querySelector('img')?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\/14\//));
      const tiles = Array.from(map.querySelectorAll('img')).map((tile) => tile.getAttribute('src'));
      expect(tiles).toHaveLength(6);
      expect(tiles).toContain('https://tiles.example/14/2742/6250.png');
      for (const tile of Array.from(map.querySelectorAll('img'))) fireEvent.error(tile);
      expect(await screen.findByRole('status')).toHaveTextContent(TILES_FAILED_TEXT);
      expect(map.querySelectorAll('img')).toHaveLength(0);
      expect(within(map).getByRole('button', { name: 'T-Hangar A1' })).toBeInTheDocument();
    } finally {
      sizes.mockRestore();
      heights.mockRestore();
    }
  });
});
