import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type * as Leaflet from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIcon2xUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useAppConfig } from '../lib/session';

/** A point as the API carries it. */
export interface TMapPoint {
  lat: number;
  lon: number;
}

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

/** The visible part of the map, after each move or zoom. */
export interface TMapViewState {
  bounds: { west: number; south: number; east: number; north: number };
  zoom: number;
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

/** Tile templates used when the server's AppConfig names none (same defaults as the server). */
const FALLBACK_TILES = {
  streetsUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  satelliteUrl: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
};
export const TILES_FAILED_TEXT = 'Map tiles could not be loaded (offline?). Locations are still shown.';
export const MAP_FAILED_TEXT = 'The map could not be loaded.';

type TLeaflet = typeof Leaflet;

/**
 * Leaflet is loaded on first use (its own chunk) together with its CSS from the package, so pages
 * without a map never download it.
 */
async function loadLeaflet(): Promise<TLeaflet> {
  const [module] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  return (module as { default?: TLeaflet }).default ?? (module as TLeaflet);
}

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

/** A Leaflet map: markers with text popups, fly-to on selection, streets/satellite layers, pick mode. */
export function MapView(props: TMapViewProps) {
  const { ariaLabel, center, zoom, markers, selectedId, selectedZoom = 14, onPick, picked, height = 400 } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const markerLayerRef = useRef<Leaflet.LayerGroup | null>(null);
  const markersById = useRef(new Map<string, Leaflet.Marker>());
  const pinRef = useRef<Leaflet.Marker | null>(null);
  const [leaflet, setLeaflet] = useState<TLeaflet | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const config = useAppConfig();
  const streetsUrl = config.data?.jsonvalue.mapStreetsUrl ?? FALLBACK_TILES.streetsUrl;
  const satelliteUrl = config.data?.jsonvalue.mapSatelliteUrl ?? FALLBACK_TILES.satelliteUrl;

  // Callbacks change on every render of the parent; the map's handlers read the latest ones.
  const handlers = useRef({ onPick, onMarkerClick: props.onMarkerClick, onMapClick: props.onMapClick, onViewChange: props.onViewChange });
  useLayoutEffect(() => {
    handlers.current = { onPick, onMarkerClick: props.onMarkerClick, onMapClick: props.onMapClick, onViewChange: props.onViewChange };
  });
  const pickMode = onPick !== undefined;

  useEffect(() => {
    let cancelled = false;
    loadLeaflet().then(
      (L) => !cancelled && setLeaflet(() => L),
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  // Create the map once Leaflet is here; the tile URLs come from AppConfig.
  useEffect(() => {
    const container = containerRef.current;
    if (!leaflet || !container) return;
    const L = leaflet;
    const byId = markersById.current;
    const map = L.map(container, { center: [center.lat, center.lon], zoom, zoomControl: true });
    let anyTileLoaded = false;
    const onTileLoad = () => {
      anyTileLoaded = true;
      setTilesFailed(false);
    };
    const onTileError = () => {
      if (!anyTileLoaded) setTilesFailed(true);
    };
    const streets = L.tileLayer(streetsUrl, { maxZoom: 19, attribution: '© OpenStreetMap contributors' });
    const satellite = L.tileLayer(satelliteUrl, { maxZoom: 19, attribution: 'Imagery © Esri' });
    for (const layer of [streets, satellite]) layer.on('tileload', onTileLoad).on('tileerror', onTileError);
    streets.addTo(map);
    L.control.layers({ Streets: streets, Satellite: satellite }, undefined, { position: 'topright' }).addTo(map);
    markerLayerRef.current = L.layerGroup().addTo(map);
    map.on('click', (event: Leaflet.LeafletMouseEvent) => {
      const point = { lat: event.latlng.lat, lon: event.latlng.lng };
      if (handlers.current.onPick) handlers.current.onPick(point);
      else handlers.current.onMapClick?.(point);
    });
    const reportView = () => {
      const b = map.getBounds();
      handlers.current.onViewChange?.({ bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, zoom: map.getZoom() });
    };
    map.on('moveend', reportView);
    // The first view: reported once the map has its size.
    map.whenReady(() => setTimeout(reportView, 0));
    mapRef.current = map;

    // A map in a dialog or a resized panel must re-measure its box.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      map.remove();
      mapRef.current = null;
      markerLayerRef.current = null;
      pinRef.current = null;
      byId.clear();
    };
    // center/zoom are applied by the view effect below; the map is built once per Leaflet/tiles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leaflet, streetsUrl, satelliteUrl]);

  const icon = leaflet
    ? leaflet.icon({
        iconUrl: markerIconUrl,
        iconRetinaUrl: markerIcon2xUrl,
        shadowUrl: markerShadowUrl,
        iconSize: [25, 41],
        iconAnchor: [12, 41],
        popupAnchor: [1, -34],
        shadowSize: [41, 41],
      })
    : null;

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    map.setView([center.lat, center.lon], zoom, { animate: false });
  }, [center.lat, center.lon, zoom, leaflet, streetsUrl, satelliteUrl]);

  // Markers: rebuilt when the list changes (a page of listings is small).
  useEffect(() => {
    const layer = markerLayerRef.current;
    if (!leaflet || !layer || !icon) return;
    layer.clearLayers();
    markersById.current.clear();
    for (const item of markers ?? []) {
      const marker = leaflet.marker([item.position.lat, item.position.lon], { icon: markerIconOf(leaflet, item) ?? icon, title: item.title, alt: item.title, keyboard: true });
      if (item.count === undefined) marker.bindPopup(popupContent(item));
      marker.on('click', () => handlers.current.onMarkerClick?.(item.id));
      marker.addTo(layer);
      markersById.current.set(item.id, marker);
    }
    // icon is rebuilt per render; markers only need rebuilding when the list or the map changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leaflet, markers, streetsUrl, satelliteUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !selectedId) return;
    const marker = markersById.current.get(selectedId);
    if (!marker) return;
    map.flyTo(marker.getLatLng(), selectedZoom, { animate: !prefersReducedMotion() });
    marker.openPopup();
  }, [selectedId, selectedZoom, markers, leaflet]);

  // The picker's pin: draggable, follows `picked`.
  useEffect(() => {
    const map = mapRef.current;
    if (!leaflet || !map || !icon) return;
    if (!pickMode || !picked) {
      pinRef.current?.remove();
      pinRef.current = null;
      return;
    }
    if (!pinRef.current) {
      const pin = leaflet.marker([picked.lat, picked.lon], { icon, draggable: true, title: 'Selected location', alt: 'Selected location', keyboard: true });
      pin.on('dragend', () => {
        const at = pin.getLatLng();
        handlers.current.onPick?.({ lat: at.lat, lon: at.lng });
      });
      pin.addTo(map);
      pinRef.current = pin;
    } else {
      pinRef.current.setLatLng([picked.lat, picked.lon]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leaflet, pickMode, picked?.lat, picked?.lon, streetsUrl, satelliteUrl]);

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
