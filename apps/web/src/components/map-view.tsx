import { useEffect, useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type * as Leaflet from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIcon2xUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { TILES_FAILED_TEXT, useLatest, useLeafletMap, type TLeaflet, type TMapPoint, type TMapViewState } from './use-leaflet-map';

export type { TMapPoint, TMapViewState };

export interface TMapMarker {
  id: string;
  position: TMapPoint;
  /** The marker's accessible name and the popup's heading. */
  title: string;
  /** More popup lines (plain text; never HTML). */
  lines?: readonly string[];
  /** A round pin of this colour (e.g. an asset type's '#1e88e5') instead of the default marker. */
  color?: string;
  /** A cluster of this many points: a numbered bubble without a popup (clicking it calls onMarkerClick). */
  count?: number;
  /** Buttons at the foot of the popup ('View Details'). */
  actions?: ReadonlyArray<{ label: string; onClick: () => void }>;
}

export interface TMapViewProps {
  /** Accessible name of the map region. */
  ariaLabel: string;
  center: TMapPoint;
  zoom: number;
  markers?: readonly TMapMarker[];
  /** The selected marker: the map flies to it at `selectedZoom` and opens its popup. */
  selectedId?: string | null;
  selectedZoom?: number;
  onMarkerClick?: (id: string) => void;
  /** Location picker: a click on the map (or dragging the pin) picks a point. */
  onPick?: (point: TMapPoint) => void;
  /** The picked point, shown as a draggable pin in pick mode. */
  picked?: TMapPoint | null;
  /** A click on the map itself (not on a marker), outside pick mode. */
  onMapClick?: (point: TMapPoint) => void;
  /** Called with the visible bounds and zoom once the map shows and after every move. */
  onViewChange?: (view: TMapViewState) => void;
  /** A CSS height, or one per breakpoint (`{ xs: 280, md: '70vh' }`). */
  height?: number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number | string>>;
}

export const MAP_FAILED_TEXT = 'The map could not be loaded.';

/** Popup content built as DOM nodes with `textContent`: data never becomes markup. */
function popupContent(marker: TMapMarker): HTMLElement {
  const root = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = marker.title;
  root.appendChild(title);
  for (const line of marker.lines ?? []) {
    const p = document.createElement('div');
    p.textContent = line;
    root.appendChild(p);
  }
  for (const action of marker.actions ?? []) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = action.label;
    button.style.cssText = 'margin-top:6px;padding:2px 8px;cursor:pointer';
    button.addEventListener('click', () => action.onClick());
    root.appendChild(button);
  }
  return root;
}

/** A coloured round pin or a numbered cluster bubble, as DOM nodes (no HTML strings). */
function markerIconOf(L: TLeaflet, marker: TMapMarker): Leaflet.DivIcon | null {
  if (marker.count !== undefined) {
    const size = marker.count < 10 ? 30 : marker.count < 100 ? 36 : marker.count < 1000 ? 42 : 50;
    const bubble = document.createElement('div');
    bubble.textContent = marker.count.toLocaleString();
    bubble.style.cssText = `width:${size}px;height:${size}px;border-radius:50%;display:flex;align-items:center;justify-content:center;font:600 12px sans-serif;color:#fff;background:${marker.color ?? '#1e88e5'};opacity:0.9;border:3px solid rgba(255,255,255,0.8);box-sizing:border-box`;
    return L.divIcon({ html: bubble, className: '', iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
  }
  if (!marker.color) return null;
  const pin = document.createElement('div');
  pin.style.cssText = `width:16px;height:16px;border-radius:50%;background:${marker.color};border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,0.6);box-sizing:border-box`;
  return L.divIcon({ html: pin, className: '', iconSize: [16, 16], iconAnchor: [8, 8], popupAnchor: [0, -8] });
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Leaflet's own pin (the static map draws the same one), used where a marker has no colour. */
function defaultIconOf(L: TLeaflet): Leaflet.Icon {
  return L.icon({
    iconUrl: markerIconUrl,
    iconRetinaUrl: markerIcon2xUrl,
    shadowUrl: markerShadowUrl,
    iconSize: [25, 41],
    iconAnchor: [12, 41],
    popupAnchor: [1, -34],
    shadowSize: [41, 41],
  });
}

/** A Leaflet map: markers with text popups, fly-to on selection, streets/satellite layers, pick mode. */
export function MapView(props: TMapViewProps) {
  const { ariaLabel, center, zoom, markers, selectedId, selectedZoom = 14, onPick, onMapClick, picked, height = 400 } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const { L, map, loadFailed, tilesFailed } = useLeafletMap(containerRef, {
    center,
    zoom,
    onClick: (point) => (onPick ? onPick(point) : onMapClick?.(point)),
    onViewChange: props.onViewChange,
  });
  const markersById = useMarkers(L, map, markers, props.onMarkerClick);
  useSelectedMarker(map, markersById, selectedId, selectedZoom, markers);
  usePickedPin(L, map, onPick, picked);

  return (
    <Box sx={{ position: 'relative', height, width: '100%' }}>
      <Box
        ref={containerRef}
        role="region"
        aria-label={ariaLabel}
        data-testid="map-view"
        sx={{ position: 'absolute', inset: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200' }}
      />
      {(tilesFailed || loadFailed) && (
        <Typography
          role="status"
          variant="body2"
          sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 1000, bgcolor: 'background.paper', p: 1, borderRadius: 1, boxShadow: 1 }}
        >
          {loadFailed ? MAP_FAILED_TEXT : TILES_FAILED_TEXT}
        </Typography>
      )}
    </Box>
  );
}

/** The markers, rebuilt when the list or the map changes (a page of listings is small); each one by its id. */
function useMarkers(L: TLeaflet | null, map: Leaflet.Map | null, markers: readonly TMapMarker[] | undefined, onMarkerClick: ((id: string) => void) | undefined) {
  const markersById = useRef(new Map<string, Leaflet.Marker>());
  const latestOnClick = useLatest(onMarkerClick);
  useEffect(() => {
    if (!L || !map) return;
    const byId = markersById.current;
    const layer = L.layerGroup().addTo(map);
    const icon = defaultIconOf(L);
    for (const item of markers ?? []) {
      const marker = L.marker([item.position.lat, item.position.lon], { icon: markerIconOf(L, item) ?? icon, title: item.title, alt: item.title, keyboard: true });
      if (item.count === undefined) marker.bindPopup(popupContent(item));
      marker.on('click', () => latestOnClick.current?.(item.id));
      marker.addTo(layer);
      byId.set(item.id, marker);
    }
    return () => {
      layer.remove();
      byId.clear();
    };
  }, [L, map, markers, latestOnClick]);
  return markersById;
}

/** The selected marker: the map flies to it and opens its popup (again after the markers are rebuilt). */
function useSelectedMarker(
  map: Leaflet.Map | null,
  markersById: RefObject<Map<string, Leaflet.Marker>>,
  selectedId: string | null | undefined,
  selectedZoom: number,
  markers: readonly TMapMarker[] | undefined,
) {
  useEffect(() => {
    const marker = selectedId ? markersById.current.get(selectedId) : undefined;
    if (!map || !marker) return;
    map.flyTo(marker.getLatLng(), selectedZoom, { animate: !prefersReducedMotion() });
    marker.openPopup();
  }, [map, markersById, selectedId, selectedZoom, markers]);
}

/** The picker's pin: shown in pick mode at `picked`, draggable; a drop picks its point. */
function usePickedPin(L: TLeaflet | null, map: Leaflet.Map | null, onPick: ((point: TMapPoint) => void) | undefined, picked: TMapPoint | null | undefined) {
  const pinRef = useRef<Leaflet.Marker | null>(null);
  const latestOnPick = useLatest(onPick);
  const latestPicked = useLatest(picked);
  const isPickMode = onPick !== undefined;
  const hasPin = isPickMode && !!picked;
  // The pin lives as long as the map and the pick mode with a point; moving the point only moves it.
  useEffect(() => {
    const at = latestPicked.current;
    if (!L || !map || !hasPin || !at) return;
    const pin = L.marker([at.lat, at.lon], { icon: defaultIconOf(L), draggable: true, title: 'Selected location', alt: 'Selected location', keyboard: true });
    pin.on('dragend', () => {
      const dropped = pin.getLatLng();
      latestOnPick.current?.({ lat: dropped.lat, lon: dropped.lng });
    });
    pin.addTo(map);
    pinRef.current = pin;
    return () => {
      pin.remove();
      pinRef.current = null;
    };
  }, [L, map, hasPin, latestOnPick, latestPicked]);
  const lat = picked?.lat;
  const lon = picked?.lon;
  useEffect(() => {
    if (lat !== undefined && lon !== undefined) pinRef.current?.setLatLng([lat, lon]);
  }, [lat, lon]);
}
