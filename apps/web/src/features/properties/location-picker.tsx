import { useState } from 'react';
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
import type { TGeocodeResult, TLocation } from '@apron/core/properties';
import { MapView } from '../../components/map-view';
import { errorMessage } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { fetchProperty, useGeocode, usePropertyPlaces } from './api/places';

/** A search result: one of this airport's properties, or an address from the geocoder. */
type TPlace = { kind: 'property'; _id: string; name: string } | ({ kind: 'address' } & TGeocodeResult);

const GROUP_PROPERTIES = 'This airport';
const GROUP_ADDRESSES = 'Addresses';

/**
 * Places to jump to: the airport's own properties by name, and addresses through `GET Geocode`
 * (the server calls the configured geocoder, so the browser's CSP stays `connect-src 'self'`).
 * A failed address search never blocks the property search or the map.
 */
function usePlaceSearch(text: string) {
  const q = useDebounced(text.trim(), 300);
  const searchable = q.length >= 2 && q.length <= 200;
  const properties = usePropertyPlaces(q, searchable);
  const addresses = useGeocode(q, searchable);
  const options: TPlace[] = [
    ...(properties.data ?? []).map((row): TPlace => ({ kind: 'property', _id: row._id, name: row.name })),
    ...(addresses.data ?? []).map((place): TPlace => ({ kind: 'address', ...place })),
  ];
  return {
    q,
    options,
    loading: properties.isFetching || addresses.isFetching,
    addressError: addresses.isError ? errorMessage(addresses.error) : null,
  };
}

const placeLabel = (place: TPlace) => (place.kind === 'property' ? place.name : place.label);

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
  const [searchError, setSearchError] = useState<string | null>(null);

  async function goTo(place: TPlace) {
    if (place.kind === 'address') {
      // An address is where the new pin goes: move both the pin and the map there.
      const point = { lat: place.lat, lon: place.lon };
      setSearchError(null);
      setPicked(point);
      setCenter(point);
      return;
    }
    try {
      const property = await fetchProperty(place._id);
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
            options={places.options}
            getOptionLabel={placeLabel}
            getOptionKey={(option) => (option.kind === 'property' ? `property:${option._id}` : `address:${option.lat},${option.lon},${option.label}`)}
            groupBy={(option) => (option.kind === 'property' ? GROUP_PROPERTIES : GROUP_ADDRESSES)}
            isOptionEqualToValue={(a, b) => placeLabel(a) === placeLabel(b) && a.kind === b.kind}
            filterOptions={(x) => x}
            loading={places.loading}
            // Picking an option writes its label into the box: that is not a new search.
            onInputChange={(_event, text, reason) => {
              if (reason !== 'reset') setSearch(text);
            }}
            onChange={(_event, place) => {
              if (place) void goTo(place);
            }}
            noOptionsText={search.trim().length < 2 ? 'Type a property name or an address' : 'No places found'}
            sx={{ minWidth: { sm: 360 } }}
            renderInput={(params) => (
              <MuiTextField
                {...params}
                label="Search properties or addresses"
                size="small"
                error={!!searchError}
                helperText={searchError ?? (places.addressError && places.q ? places.addressError : "Searches this airport's properties by name and addresses")}
                slotProps={{ ...params.slotProps, formHelperText: { role: 'status' } }}
              />
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
