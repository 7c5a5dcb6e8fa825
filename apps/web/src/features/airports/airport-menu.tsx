import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import type { TMyAirport } from '@apron/core/airports';

export interface TAirportMenuProps {
  anchor: HTMLElement | null;
  /** The airports the user may switch to (not the current one). */
  airports: readonly TMyAirport[];
  onChoose: (airport: TMyAirport) => void;
  onClose: () => void;
}

/**
 * The switcher's list, its own chunk: loaded when the user reaches for the switcher, so a page's
 * first load does not carry MUI's menu. Arrow keys move, Enter chooses, Escape closes (MUI Menu).
 */
export function AirportMenu({ anchor, airports, onChoose, onClose }: TAirportMenuProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ list: { 'aria-label': 'Switch to airport' } }}
    >
      {airports.map((airport) => (
        <MenuItem key={airport.id} onClick={() => onChoose(airport)}>
          <ListItemText primary={`${airport.code} ${airport.name}`} secondary={airport.timeZone} />
        </MenuItem>
      ))}
    </Menu>
  );
}
