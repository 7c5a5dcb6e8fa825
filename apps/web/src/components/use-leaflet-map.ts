import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type * as Leaflet from 'leaflet';
import { useAppConfig } from '../lib/session';

/** A point as the API carries it. */
export interface TMapPoint {
  lat: number;
  lon: number;
}

/** The visible part of the map, after each move or zoom. */
export interface TMapViewState {
  bounds: { west: number; south: number; east: number; north: number };
  zoom: number;
}

export type TLeaflet = typeof Leaflet;

/** Shown over a map whose tiles do not load; the markers are drawn all the same. */
export const TILES_FAILED_TEXT = 'Map tiles could not be loaded (offline?). Locations are still shown.';

/** Tile templates used when the server's AppConfig names none (same defaults as the server). */
const FALLBACK_TILES = {
  streetsUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  satelliteUrl: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
};

/** The Streets and Satellite tile templates: AppConfig's, else the defaults. Every map draws these. */
export function useMapTiles(): { streetsUrl: string; satelliteUrl: string } {
  const config = useAppConfig();
  return {
    streetsUrl: config.data?.jsonvalue.mapStreetsUrl ?? FALLBACK_TILES.streetsUrl,
    satelliteUrl: config.data?.jsonvalue.mapSatelliteUrl ?? FALLBACK_TILES.satelliteUrl,
  };
}

/**
 * A ref that always holds the latest `value`: a Leaflet handler bound once, when the map is made,
 * reads the props of the latest render through it (callbacks change on every parent render).
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Leaflet is loaded on first use (its own chunk) together with its CSS from the package, so pages
 * without a map never download it.
 */
async function loadLeaflet(): Promise<TLeaflet> {
  const [module] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  return (module as { default?: TLeaflet }).default ?? (module as TLeaflet);
}

export interface TLeafletMapOptions {
  /** Where the map opens; later changes move it (`setView`, no animation). */
  center: TMapPoint;
  zoom: number;
  /** A click on the map itself (markers handle their own clicks). */
  onClick?: (point: TMapPoint) => void;
  /** The visible bounds and zoom once the map shows and after every move. */
  onViewChange?: (view: TMapViewState) => void;
}

export interface TLeafletMap {
  /** Leaflet and the map, both null until Leaflet has loaded and the map is built. */
  L: TLeaflet | null;
  map: Leaflet.Map | null;
  loadFailed: boolean;
  tilesFailed: boolean;
}

function viewOf(map: Leaflet.Map): TMapViewState {
  const b = map.getBounds();
  return { bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, zoom: map.getZoom() };
}

/**
 * Owns one Leaflet map's life in `containerRef`: loads Leaflet, builds the map with the Streets /
 * Satellite layers (rebuilt when AppConfig's tile URLs change), re-measures it when its box resizes,
 * and removes it on unmount. The handlers read the latest options, so callers pass plain callbacks.
 * What is drawn on the map (markers, a pin) belongs to the caller, in effects keyed on `map`.
 */
export function useLeafletMap(containerRef: RefObject<HTMLElement | null>, options: TLeafletMapOptions): TLeafletMap {
  const [L, setLeaflet] = useState<TLeaflet | null>(null);
  const [map, setMap] = useState<Leaflet.Map | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const { streetsUrl, satelliteUrl } = useMapTiles();
  const latest = useLatest(options);

  useEffect(() => {
    let cancelled = false;
    loadLeaflet().then(
      (leaflet) => !cancelled && setLeaflet(() => leaflet),
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!L || !container) return;
    // Built at the view of the latest render; the view effect below follows later changes.
    const { center, zoom } = latest.current;
    const created = L.map(container, { center: [center.lat, center.lon], zoom, zoomControl: true });
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
    streets.addTo(created);
    L.control.layers({ Streets: streets, Satellite: satellite }, undefined, { position: 'topright' }).addTo(created);
    created.on('click', (event: Leaflet.LeafletMouseEvent) => latest.current.onClick?.({ lat: event.latlng.lat, lon: event.latlng.lng }));
    const reportView = () => latest.current.onViewChange?.(viewOf(created));
    created.on('moveend', reportView);
    // The first view: reported once the map has its size.
    let firstReport: ReturnType<typeof setTimeout> | undefined;
    created.whenReady(() => {
      firstReport = setTimeout(reportView, 0);
    });
    // A map in a dialog or a resized panel must re-measure its box.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => created.invalidateSize()) : null;
    observer?.observe(container);
    setMap(created);
    return () => {
      clearTimeout(firstReport);
      observer?.disconnect();
      created.remove();
      setMap(null);
    };
  }, [L, containerRef, latest, streetsUrl, satelliteUrl]);

  const { lat, lon } = options.center;
  const { zoom } = options;
  useEffect(() => {
    map?.setView([lat, lon], zoom, { animate: false });
  }, [map, lat, lon, zoom]);

  return { L, map, loadFailed, tilesFailed };
}
