import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { DEFAULT_PROPERTY_LOCATION, LISTING_MAP_ZOOM } from '@apron/core/properties/listing-constants';
import type { TMapMarker } from '../../components/map-view';
import { StaticMap, type TMapViewport } from '../../components/static-map';

/**
 * The real map and Leaflet (~44 KB on the wire) load together on the first interaction; until
 * then the static map shows the same tiles and markers.
 */
const MapView = lazy(async () => {
  const [module] = await Promise.all([import('../../components/map-view'), import('leaflet'), import('leaflet/dist/leaflet.css')]);
  return { default: module.MapView };
});

const FALLBACK_VIEW: TMapViewport = { center: DEFAULT_PROPERTY_LOCATION, zoom: LISTING_MAP_ZOOM.initial };
const ARIA_LABEL = 'Map of listings';
const HEIGHT = { xs: 280, md: '70vh' };

/** The focused element of the static map, if any: its marker's name, or '' for the map itself. */
function focusedName(facade: HTMLElement | null): string | null {
  const active = document.activeElement;
  if (!facade || !active || !facade.contains(active)) return null;
  return active.getAttribute('aria-label') === ARIA_LABEL ? '' : (active.getAttribute('aria-label') ?? '');
}

/** Focus moves to the real map's marker of the same name, or to the map, when the static map goes. */
function refocus(mapBox: HTMLElement, name: string) {
  const markers = Array.from(mapBox.querySelectorAll<HTMLElement>('.leaflet-marker-icon'));
  const target = markers.find((m) => m.getAttribute('title') === name) ?? mapBox.querySelector<HTMLElement>('.leaflet-container');
  target?.focus();
}

/**
 * `/listings`' map: a static map first; the first interaction with it, or a listing chosen in the
 * list, loads the real MapView at the same view (then zoomed to the chosen listing). The real map
 * is built under the static one, hidden, and replaces it once Leaflet has drawn its markers.
 */
export function ListingsMap({ markers, selectedId, onSelect }: { markers: readonly TMapMarker[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const [interacted, setInteracted] = useState(false);
  const [latestView, setLatestView] = useState<TMapViewport>(FALLBACK_VIEW);
  const [mapView, setMapView] = useState<TMapViewport | null>(null);
  const [swapped, setSwapped] = useState(false);
  const facadeRef = useRef<HTMLDivElement>(null);
  const mapBoxRef = useRef<HTMLDivElement>(null);
  if ((interacted || selectedId !== null) && mapView === null) setMapView(latestView);
  const onInteract = useCallback(() => setInteracted(true), []);

  // Leaflet marks its container once built; its markers are added in the same commit.
  useEffect(() => {
    const mapBox = mapBoxRef.current;
    if (!mapView || swapped || !mapBox) return;
    const swapIfBuilt = () => {
      if (!mapBox.querySelector('.leaflet-container')) return false;
      const name = focusedName(facadeRef.current);
      setSwapped(true);
      if (name !== null) queueMicrotask(() => refocus(mapBox, name));
      return true;
    };
    if (swapIfBuilt()) return;
    const observer = new MutationObserver(() => {
      if (swapIfBuilt()) observer.disconnect();
    });
    observer.observe(mapBox, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [mapView, swapped]);

  return (
    <Box sx={{ position: 'relative', height: HEIGHT, isolation: 'isolate' }}>
      {mapView && (
        // Hidden from sight, pointer, keyboard and screen readers until it replaces the static map.
        <Box ref={mapBoxRef} aria-hidden={swapped ? undefined : true} inert={!swapped} sx={{ height: '100%', isolation: 'isolate', visibility: swapped ? 'visible' : 'hidden' }}>
          <Suspense fallback={null}>
            <MapView
              ariaLabel={ARIA_LABEL}
              center={mapView.center}
              zoom={mapView.zoom}
              markers={markers}
              selectedId={selectedId}
              selectedZoom={LISTING_MAP_ZOOM.selected}
              onMarkerClick={onSelect}
              height={HEIGHT}
            />
          </Suspense>
        </Box>
      )}
      {!swapped && (
        <Box ref={facadeRef} sx={{ position: 'absolute', inset: 0, zIndex: 1 }}>
          <StaticMap
            ariaLabel={ARIA_LABEL}
            markers={markers}
            fallback={FALLBACK_VIEW}
            maxZoom={LISTING_MAP_ZOOM.selected}
            onInteract={onInteract}
            onMarkerClick={onSelect}
            onViewportChange={setLatestView}
          />
        </Box>
      )}
    </Box>
  );
}
