import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfig } from '../test/fixtures';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { MapView, type TMapMarker } from './map-view';

const CENTER = { lat: 39.193, lon: -119.734 };
const MARKERS: TMapMarker[] = [
  { id: 'p1', position: { lat: 39.19, lon: -119.73 }, title: 'T-Hangar A1', lines: ['$450.00'] },
  { id: 'p2', position: { lat: 39.2, lon: -119.74 }, title: '<img src=x onerror="alert(1)">', lines: ['<b>bold</b> & co'] },
];

function stubConfig() {
  return stubFetch({ 'GET /api/AppConfig': { body: appConfig(true) } });
}

describe('MapView', () => {
  it('renders one keyboard-reachable marker per item, named by its title', async () => {
    stubConfig();
    renderWithProviders(<MapView ariaLabel="Property map" center={CENTER} zoom={10} markers={MARKERS} />);
    const map = await screen.findByRole('region', { name: 'Property map' });
    expect(await within(map).findByRole('button', { name: 'T-Hangar A1' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: '<img src=x onerror="alert(1)">' })).toBeInTheDocument();
  });

  it('shows popups as text: markup in the data is never parsed', async () => {
    const user = userEvent.setup();
    stubConfig();
    const onMarkerClick = vi.fn();
    renderWithProviders(<MapView ariaLabel="Property map" center={CENTER} zoom={10} markers={MARKERS} onMarkerClick={onMarkerClick} />);
    const map = await screen.findByRole('region', { name: 'Property map' });
    await user.click(await within(map).findByRole('button', { name: '<img src=x onerror="alert(1)">' }));
    expect(onMarkerClick).toHaveBeenCalledWith('p2');
    const popup = await waitFor(() => {
      const node = map.querySelector('.leaflet-popup-content');
      expect(node).not.toBeNull();
      return node!;
    });
    expect(popup.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(popup.textContent).toContain('<b>bold</b> & co');
    expect(popup.querySelector('img')).toBeNull();
    expect(popup.querySelector('b')).toBeNull();
  });

  it('opens the popup of the selected marker', async () => {
    const user = userEvent.setup();
    stubConfig();
    function Harness() {
      const [selected, setSelected] = useState<string | null>(null);
      return (
        <>
          <button type="button" onClick={() => setSelected('p1')}>
            Select first
          </button>
          <MapView ariaLabel="Property map" center={CENTER} zoom={10} markers={MARKERS} selectedId={selected} />
        </>
      );
    }
    renderWithProviders(<Harness />);
    const map = await screen.findByRole('region', { name: 'Property map' });
    await within(map).findByRole('button', { name: 'T-Hangar A1' });
    expect(map.querySelector('.leaflet-popup-content')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Select first' }));
    await waitFor(() => expect(map.querySelector('.leaflet-popup-content')?.textContent).toContain('T-Hangar A1'));
  });
});
