import { useRef, useState, type RefObject } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfig } from '../test/fixtures';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { useLeafletMap, type TMapPoint, type TMapViewState } from './use-leaflet-map';

const CENTER = { lat: 39.193, lon: -119.734 };

function LeafletIn({ containerRef, label }: { containerRef: RefObject<HTMLDivElement | null>; label: string }) {
  const [view, setView] = useState<TMapViewState | null>(null);
  const [clicked, setClicked] = useState<string>('');
  const { map } = useLeafletMap(containerRef, {
    center: CENTER,
    zoom: 10,
    // A new function on every render: the map's one click handler must reach the latest.
    onClick: (point: TMapPoint) => setClicked(`${label} at ${point.lat.toFixed(1)}`),
    onViewChange: setView,
  });
  return (
    <p>
      {map ? 'built' : 'loading'} · zoom {view?.zoom ?? '-'} · {clicked || 'no click'}
    </p>
  );
}

function Harness() {
  const containerRef = useRef<HTMLDivElement>(null);
  const [label, setLabel] = useState('first');
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setLabel('second')}>
        Relabel
      </button>
      <button type="button" onClick={() => setShown(false)}>
        Drop the map
      </button>
      <div ref={containerRef} data-testid="box" style={{ width: 400, height: 300 }} />
      {shown && <LeafletIn containerRef={containerRef} label={label} />}
    </>
  );
}

describe('useLeafletMap', () => {
  it('builds the map, reports its first view, routes clicks to the latest props and removes the map when it unmounts', async () => {
    stubFetch({ 'GET /api/AppConfig': { body: appConfig(true) } });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(await screen.findByText(/built · zoom 10/)).toBeInTheDocument();
    const box = screen.getByTestId('box');
    expect(box.querySelector('.leaflet-pane')).not.toBeNull();
    expect(box.querySelector('.leaflet-control-zoom')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Relabel' }));
    await user.click(box);
    expect(await screen.findByText(/second at \d/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Drop the map' }));
    // Leaflet's remove() takes its panes and controls out of the box (the box itself is ours).
    await waitFor(() => expect(box.querySelector('.leaflet-pane')).toBeNull());
    expect(box.querySelector('.leaflet-control-zoom')).toBeNull();
  });
});
