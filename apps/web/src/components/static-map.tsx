import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TMapMarker } from './map-view';
import { TILES_FAILED_TEXT, useMapTiles, type TMapPoint } from './use-leaflet-map';

/** Where a map looks: what MapView takes as `center` and `zoom`. */
export interface TMapViewport {
  center: TMapPoint;
  zoom: number;
}

export interface TStaticMapProps {
  /** Accessible name of the map region (the same as the real map's). */
  ariaLabel: string;
  markers: readonly TMapMarker[];
  /** The view when there is nothing to fit (no markers, or the box not measured yet). */
  fallback: TMapViewport;
  /** The closest the fitted view zooms in (one marker, or markers close together). */
  maxZoom: number;
  /** The first real interaction: the pointer enters or touches, focus comes in, a wheel turn. */
  onInteract: () => void;
  onMarkerClick: (id: string) => void;
  /** The view drawn, each time it changes, so the real map can open at the same place. */
  onViewportChange: (viewport: TMapViewport) => void;
}

const TILE_SIZE = 256;
const MAX_LATITUDE = 85.0511287798;
/** Room around the fitted markers, in pixels (the pin is drawn above its point). */
const FIT_PADDING = 40;

/** Web Mercator at zoom 0: the world is one tile, x and y from 0 to 1. */
function project(point: TMapPoint): { x: number; y: number } {
  const lat = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.lat)) * Math.PI) / 180;
  return { x: (point.lon + 180) / 360, y: (1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 };
}

function unproject(x: number, y: number): TMapPoint {
  return { lat: (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI, lon: x * 360 - 180 };
}

/**
 * The view that shows every point in a box of `width` x `height` pixels: the bounds' middle (in
 * projected space, as Leaflet's fitBounds) at the largest whole zoom, up to `maxZoom`, where they fit.
 */
export function fitViewport(points: readonly TMapPoint[], width: number, height: number, fallback: TMapViewport, maxZoom: number): TMapViewport {
  if (points.length === 0 || width <= 0 || height <= 0) return fallback;
  const projected = points.map(project);
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const room = Math.min(
    (Math.max(1, width - 2 * FIT_PADDING) / (maxX - minX || Number.MIN_VALUE)) / TILE_SIZE,
    (Math.max(1, height - 2 * FIT_PADDING) / (maxY - minY || Number.MIN_VALUE)) / TILE_SIZE,
  );
  const zoom = Math.max(0, Math.min(maxZoom, Math.floor(Math.log2(room))));
  return { center: unproject((minX + maxX) / 2, (minY + maxY) / 2), zoom };
}

function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)).replace('{s}', 'a').replace('{r}', '');
}

/**
 * A map's first picture without Leaflet: the Streets tiles as plain images around the markers,
 * the markers as buttons named by their titles. The page swaps in the real MapView (same view) on
 * the first interaction, so a visitor who only reads the list never downloads Leaflet.
 */
export function StaticMap(props: TStaticMapProps) {
  const { ariaLabel, markers, fallback, maxZoom, onInteract, onMarkerClick, onViewportChange } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [tilesFailed, setTilesFailed] = useState(false);
  const anyTileLoaded = useRef(false);
  // MapView's Streets layer (same tiles and attribution), so the swap to the real map does not show.
  const { streetsUrl } = useMapTiles();

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setSize({ width: box.clientWidth, height: box.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(box);
    return () => observer?.disconnect();
  }, []);

  const viewport = fitViewport(
    markers.map((m) => m.position),
    size.width,
    size.height,
    fallback,
    maxZoom,
  );
  const { lat, lon } = viewport.center;
  const { zoom } = viewport;
  useEffect(() => {
    onViewportChange({ center: { lat, lon }, zoom });
  }, [lat, lon, zoom, onViewportChange]);

  // Pixel of the box's top-left corner in the world at this zoom; tiles and pins are placed from it.
  const worldSize = TILE_SIZE * 2 ** zoom;
  const centerPixel = project(viewport.center);
  const left = centerPixel.x * worldSize - size.width / 2;
  const top = centerPixel.y * worldSize - size.height / 2;
  const tileCount = 2 ** zoom;
  const tiles: { key: string; url: string; x: number; y: number }[] = [];
  if (!tilesFailed && size.width > 0) {
    for (let ty = Math.floor(top / TILE_SIZE); ty * TILE_SIZE < top + size.height; ty++) {
      if (ty < 0 || ty >= tileCount) continue;
      for (let tx = Math.floor(left / TILE_SIZE); tx * TILE_SIZE < left + size.width; tx++) {
        const wrappedX = ((tx % tileCount) + tileCount) % tileCount;
        tiles.push({ key: `${tx}/${ty}`, url: tileUrl(streetsUrl, zoom, wrappedX, ty), x: tx * TILE_SIZE - left, y: ty * TILE_SIZE - top });
      }
    }
  }

  return (
    <Box sx={{ position: 'relative', height: '100%', width: '100%' }}>
      <Box
        ref={boxRef}
        role="region"
        aria-label={ariaLabel}
        data-testid="static-map"
        onPointerEnter={onInteract}
        onTouchStart={onInteract}
        onFocus={onInteract}
        onWheel={onInteract}
        sx={{ position: 'absolute', inset: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200' }}
      >
        {tiles.map((tile) => (
          <img
            key={tile.key}
            src={tile.url}
            alt=""
            width={TILE_SIZE}
            height={TILE_SIZE}
            draggable={false}
            onLoad={() => {
              anyTileLoaded.current = true;
            }}
            onError={() => !anyTileLoaded.current && setTilesFailed(true)}
            style={{ position: 'absolute', left: tile.x, top: tile.y }}
          />
        ))}
        {markers.map((marker) => {
          const at = project(marker.position);
          return (
            <Box
              key={marker.id}
              component="button"
              type="button"
              aria-label={marker.title}
              title={marker.title}
              onClick={() => onMarkerClick(marker.id)}
              sx={{
                position: 'absolute',
                left: at.x * worldSize - left - 12,
                top: at.y * worldSize - top - 41,
                width: 25,
                height: 41,
                p: 0,
                border: 0,
                bgcolor: 'transparent',
                cursor: 'pointer',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              {/* The pin of Leaflet's default marker, so the swap to the real map does not show. */}
              <svg viewBox="0 0 25 41" width="25" height="41" aria-hidden="true">
                <path d="M12.5 1C6.1 1 1 6.1 1 12.5 1 21 12.5 40 12.5 40S24 21 24 12.5C24 6.1 18.9 1 12.5 1z" fill="#2a81cb" stroke="#3274a3" />
                <circle cx="12.5" cy="12.5" r="4.5" fill="#fff" />
              </svg>
            </Box>
          );
        })}
        <Typography
          variant="caption"
          sx={{ position: 'absolute', right: 0, bottom: 0, px: 0.5, bgcolor: 'rgba(255, 255, 255, 0.8)', fontSize: 12, lineHeight: 1.4 }}
        >
          © OpenStreetMap contributors
        </Typography>
      </Box>
      {tilesFailed && (
        <Typography
          role="status"
          variant="body2"
          sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, bgcolor: 'background.paper', p: 1, borderRadius: 1, boxShadow: 1 }}
        >
          {TILES_FAILED_TEXT}
        </Typography>
      )}
    </Box>
  );
}
