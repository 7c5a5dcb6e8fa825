import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Supercluster from 'supercluster';
import { ASSET_MESSAGES, ASSET_POINT_ZOOM, ASSET_WORLD_ZOOM, DEFAULT_ASSET_LOCATION, type TAssetLocation, type TAssetMapPoint, type TMasterAsset } from '@apron/core/assets/index';
import { formatDate } from '@apron/core/dates';
import type { TGeocodeResult } from '@apron/core/properties/geocode';
import { MapView, type TMapMarker, type TMapViewState } from '../../components/map-view';
import { Loader } from '../../components/loader';
import { errorMessage } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { useAssetGeocode, useAssetMap, useFirstAsset, type TBounds } from './api';

const ALL = '';

/** Leaflet's bounds may run past ±180/±90 when zoomed out; the API takes real coordinates. */
function clampBounds(bounds: TBounds): TBounds {
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return { west: clamp(bounds.west, 180), south: clamp(bounds.south, 90), east: clamp(bounds.east, 180), north: clamp(bounds.north, 90) };
}

function AddressSearch({ onGo }: { onGo: (point: TAssetLocation) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const places = useAssetGeocode(q);
  return (
    <Autocomplete<TGeocodeResult>
      options={places.data ?? []}
      getOptionLabel={(place) => place.label}
      filterOptions={(x) => x}
      loading={places.isFetching}
      onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
      onChange={(_event, place) => place && onGo({ lat: place.lat, lon: place.lon })}
      noOptionsText={q.length < 2 ? 'Type an address' : places.isError ? errorMessage(places.error) : 'No places found'}
      sx={{ minWidth: { sm: 320 }, flex: 1 }}
      renderInput={(params) => <MuiTextField {...params} size="small" label="Search address" />}
    />
  );
}

export interface TAssetMapProps {
  masters: readonly TMasterAsset[];
  onOpenAsset: (assetId: string) => void;
  onAddAt: (point: TAssetLocation) => void;
}

/**
 * The asset map: markers coloured by asset type, clustered; only the visible bounds are asked of
 * the server (points, or the server's grid clusters when a view holds more than it sends).
 */
export function AssetMap({ masters, onOpenAsset, onAddAt }: TAssetMapProps) {
  const [type, setType] = useState(ALL);
  const [view, setView] = useState<TMapViewState | null>(null);
  const [goTo, setGoTo] = useState<{ center: TAssetLocation; zoom: number } | null>(null);
  const visible = useMemo(() => (view ? clampBounds(view.bounds) : null), [view]);
  const bounds = useDebounced(visible, 200);
  const map = useAssetMap(bounds, type);
  // Where the map starts: the first asset of all types (a type filter keeps the view).
  const first = useFirstAsset(ALL);
  const byId = useMemo(() => new Map(masters.map((master) => [master._id, master])), [masters]);
  const canAdd = masters.some((master) => master.status);

  // Client-side clustering of the points of this view (the server sends at most its point limit).
  const index = useMemo(() => {
    const cluster = new Supercluster<{ point: TAssetMapPoint }>({ radius: 50, maxZoom: 17 });
    cluster.load((map.data?.points ?? []).map((point) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [point.lon, point.lat] }, properties: { point } })));
    return cluster;
  }, [map.data]);

  const markers = useMemo<TMapMarker[]>(() => {
    if (!view) return [];
    const { west, south, east, north } = clampBounds(view.bounds);
    const result: TMapMarker[] = [];
    for (const cell of map.data?.clusters ?? []) {
      result.push({ id: `cell:${cell.lat}:${cell.lon}`, position: { lat: cell.lat, lon: cell.lon }, title: `${cell.count} assets`, count: cell.count, color: byId.get(cell.assetId)?.color });
    }
    for (const feature of index.getClusters([west, south, east, north], Math.round(view.zoom))) {
      const [lon, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; point?: TAssetMapPoint };
      if (props.cluster) {
        result.push({ id: `cluster:${props.cluster_id}`, position: { lat, lon }, title: `${props.point_count} assets`, count: props.point_count });
        continue;
      }
      const point = props.point!;
      const master = byId.get(point.assetId);
      result.push({
        id: point._id,
        position: { lat, lon },
        title: `${master?.name ?? 'Asset'} #${point.assetnumber}`,
        color: master?.color ?? '#607d8b',
        lines: [`Asset Type: ${master?.name ?? '-'}`, `Asset Number: ${point.assetnumber}`, `Date Added: ${formatDate(point.createdAt)}`],
        actions: [{ label: 'View Details', onClick: () => onOpenAsset(point._id) }],
      });
    }
    return result;
  }, [view, map.data, index, byId, onOpenAsset]);

  function onMarkerClick(id: string) {
    const marker = markers.find((candidate) => candidate.id === id);
    if (!marker || marker.count === undefined || !view) return;
    // A cluster opens by zooming in on it.
    const zoom = id.startsWith('cluster:') ? Math.min(index.getClusterExpansionZoom(Number(id.slice(8))), 18) : Math.min(Math.round(view.zoom) + 2, 18);
    setGoTo({ center: marker.position, zoom });
  }

  if (first.isPending) return <Loader />;
  const firstAsset = first.data?.rows[0];
  const start = goTo ?? (firstAsset ? { center: firstAsset.location, zoom: ASSET_POINT_ZOOM } : { center: { ...DEFAULT_ASSET_LOCATION }, zoom: ASSET_WORLD_ZOOM });
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <MuiTextField select size="small" label="Asset Type" value={type} onChange={(event) => setType(event.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value={ALL}>All Asset Types</MenuItem>
          {masters.map((master) => (
            <MenuItem key={master._id} value={master._id}>
              <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: master.color, mr: 1 }} />
              {master.name}
            </MenuItem>
          ))}
        </MuiTextField>
        <AddressSearch onGo={(center) => setGoTo({ center, zoom: Math.max(ASSET_POINT_ZOOM, 16) })} />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {map.data ? `${map.data.total.toLocaleString()} assets in view` : ''}
        </Typography>
      </Stack>
      {map.isError && <Alert severity="error">{ASSET_MESSAGES.loadFailed}</Alert>}
      <MapView
        ariaLabel="Asset map"
        center={start.center}
        zoom={start.zoom}
        markers={markers}
        onMarkerClick={onMarkerClick}
        onViewChange={setView}
        onMapClick={canAdd ? onAddAt : undefined}
        height={{ xs: 420, md: '70vh' }}
      />
      <Typography variant="body2" color="text.secondary">
        {canAdd ? 'Click an empty spot on the map to add an asset there.' : 'Add an enabled Master Asset in Settings to place assets on the map.'}
      </Typography>
    </Stack>
  );
}
