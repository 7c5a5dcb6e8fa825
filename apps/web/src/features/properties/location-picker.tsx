import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TLocation, TProperty, TPropertyGridRow } from '@apron/core';
import { MapView } from '../../components/map-view';
import { apiFetch } from '../../lib/api-client';

interface TPlace {
  _id: string;
  name: string;
}

/**
 * Places to jump to: the airport's own properties by name. There is no external geocoder: the
 * CSP allows `connect-src 'self'` only, and a server-side geocoding proxy is not built yet.
 */
function usePlaceSearch(text: string) {
  const [q, setQ] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    queryKey: ['propertyPlaces', q],
    queryFn: ({ signal }) => apiFetch<TPropertyGridRow[]>('/Property/List', { query: { q, pageSize: 10 }, signal }),
    enabled: q.length >= 2,
  });
}

function formatPoint(point: TLocation): string {
  return `Latitude ${point.lat.toFixed(6)}, Longitude ${point.lon.toFixed(6)}`;
}

export interface TLocationPickerProps {
  open: boolean;
  value: TLocation;
  onClose: () => void;
  onPick: (point: TLocation) => void;
}

/** A full-screen map to place a property: click the map or drag the pin, then Use this location. */
export function LocationPicker({ open, value, onClose, onPick }: TLocationPickerProps) {
  const [picked, setPicked] = useState<TLocation>(value);
  const [center, setCenter] = useState<TLocation>(value);
  const [search, setSearch] = useState('');
  const places = usePlaceSearch(search);
  const [opened, setOpened] = useState(open);
  // Each opening starts from the form's current value.
  if (open !== opened) {
    setOpened(open);
    if (open) {
      setPicked(value);
      setCenter(value);
    }
  }
  const options: TPlace[] = (places.data ?? []).map((row) => ({ _id: row._id, name: row.name }));
  const [searchError, setSearchError] = useState<string | null>(null);

  async function goTo(place: TPlace) {
    try {
      const property = await apiFetch<TProperty>(`/Property/List/${encodeURIComponent(place._id)}`);
      setSearchError(null);
      setCenter(property.location);
    } catch {
      setSearchError('That property could not be loaded');
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby="location-picker-title">
      <DialogTitle id="location-picker-title">Pick Location</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Autocomplete<TPlace>
            options={options}
            getOptionLabel={(option) => option.name}
            filterOptions={(x) => x}
            loading={places.isFetching}
            onInputChange={(_event, text) => setSearch(text)}
            onChange={(_event, place) => {
              if (place) void goTo(place);
            }}
            noOptionsText={search.trim().length < 2 ? 'Type a property name' : 'No properties found'}
            sx={{ minWidth: { sm: 320 } }}
            renderInput={(params) => (
              <MuiTextField {...params} label="Search properties" size="small" error={!!searchError} helperText={searchError ?? "Searches this airport's properties by name"} />
            )}
          />
          <Typography variant="body2" aria-live="polite">
            {formatPoint(picked)}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1, minHeight: 300 }}>
          <MapView ariaLabel="Location picker map" center={center} zoom={15} picked={picked} onPick={setPicked} height="100%" />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onPick({ lat: Number(picked.lat.toFixed(6)), lon: Number(picked.lon.toFixed(6)) })}>
          Use this location
        </Button>
      </DialogActions>
    </Dialog>
  );
}
