import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { useNavigate } from 'react-router';
import type { TMyAirport } from '@apron/core/airports';
import { useNotify } from '../../lib/notify';
import { useMyAirports, useSwitchAirport } from './api/mine';

const AirportMenu = lazy(async () => ({ default: (await import('./airport-menu')).AirportMenu }));

export interface TAirportSwitcherProps {
  /** What the top bar shows without a switcher (the airport's name): one airport, loading, or a failed load. */
  fallback: ReactNode;
}

/**
 * The top bar's airport switcher, for a user who works at more than one airport: the current
 * airport's code and name (the code alone on a phone), a menu of the others. Choosing one moves
 * the session there, drops every cached answer and opens the home page, so nothing of the
 * previous airport stays on screen. With one airport the top bar keeps the plain name.
 */
export function AirportSwitcher({ fallback }: TAirportSwitcherProps) {
  const mine = useMyAirports();
  const navigate = useNavigate();
  const notify = useNotify();
  const switchAirport = useSwitchAirport(() => navigate('/'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);

  if (mine.isError) {
    return (
      <>
        {fallback}
        <IconButton color="inherit" aria-label="Your airports could not be loaded. Try again" onClick={() => void mine.refetch()}>
          <SyncProblemIcon />
        </IconButton>
      </>
    );
  }
  const airports = mine.data ?? [];
  const current = airports.find((airport) => airport.current) ?? airports[0];
  if (!current || airports.length < 2) return <>{fallback}</>;
  const others = airports.filter((airport) => airport.id !== current.id);

  const choose = (airport: TMyAirport) => {
    setAnchor(null);
    switchAirport.mutate(airport.id, {
      onSuccess: () => notify.success(`Now working at ${airport.code} ${airport.name}`),
      onError: (failure) => notify.error(failure),
    });
  };
  const switching = switchAirport.isPending;

  return (
    <Box sx={{ flexGrow: 1, minWidth: 0, ml: 1, display: 'flex' }}>
      <Button
        color="inherit"
        aria-label={`Switch airport (now ${current.code} ${current.name})`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-busy={switching || undefined}
        disabled={switching}
        onPointerEnter={() => setMenuWanted(true)}
        onFocus={() => setMenuWanted(true)}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
        endIcon={switching ? <CircularProgress size={16} color="inherit" aria-label="Switching airport" /> : <ArrowDropDownIcon />}
        sx={{ minWidth: 0, maxWidth: '100%', textTransform: 'none', fontSize: { xs: '1rem', sm: '1.125rem' }, '&.Mui-disabled': { color: 'inherit', opacity: 0.8 } }}
      >
        <Box component="span" sx={{ fontWeight: 700, flexShrink: 0 }}>
          {current.code}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current.name}
        </Box>
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <AirportMenu anchor={anchor} airports={others} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </Box>
  );
}
