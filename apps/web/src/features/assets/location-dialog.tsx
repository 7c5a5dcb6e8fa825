import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ASSET_MAP_DIALOG_HEIGHT, ASSET_POINT_ZOOM, type TAssetLocation } from '@apron/core/assets/index';
import { MapView } from '../../components/map-view';

export const formatLocation = (point: TAssetLocation) => `${point.lat.toFixed(6)}, ${point.lon.toFixed(6)}`;

export interface TLocationDialogProps {
  value: TAssetLocation;
  onCancel: () => void;
  onSave: (point: TAssetLocation) => void;
}

/** 'Select Location': a map (height 500) where a click (or dragging the pin) sets the point; Cancel / Save. */
export function LocationDialog({ value, onCancel, onSave }: TLocationDialogProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [picked, setPicked] = useState<TAssetLocation>(value);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="md" fullScreen={isPhone} aria-labelledby="select-location-title">
      <DialogTitle id="select-location-title">Select Location</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" aria-live="polite" sx={{ mb: 1 }}>
          Click the map to set the pin: {formatLocation(picked)}
        </Typography>
        <MapView ariaLabel="Select location map" center={value} zoom={ASSET_POINT_ZOOM} picked={picked} onPick={setPicked} height={isPhone ? '70vh' : ASSET_MAP_DIALOG_HEIGHT} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave({ lat: Number(picked.lat.toFixed(6)), lon: Number(picked.lon.toFixed(6)) })}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
