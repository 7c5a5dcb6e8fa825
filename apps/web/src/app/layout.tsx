import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../lib/api-client';
import { logOut, loginUrl, useAccess, useAppConfig } from '../lib/session';
import { Loader } from '../components/loader';
import { GlobalLoader } from './global-loader';
import { prefetchSignedInRoutes } from './signed-in-routes-loader';
import { AlertsBell } from '../features/alerts/unread-badge';

/**
 * Only a signed-in user has the menu, and its code loads when they first reach for it (pointer
 * over or focus on the menu button, or a click): no page's first load carries the drawer.
 */
const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer')).NavDrawer }));

/** Only signed-in users can switch airports: a visitor's pages never load the switcher. */
const AirportSwitcher = lazy(async () => ({ default: (await import('../features/airports/airport-switcher')).AirportSwitcher }));

/** A 401 anywhere: the query cache is cleared and the user returns to `/`. */
function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.clear();
        navigate('/', { replace: true });
      }),
    [queryClient, navigate],
  );
}

/** The airport's name in the top bar (the switcher takes its place for users of several airports). */
function AirportName({ name }: { name: string }) {
  return (
    <Typography component="div" variant="h6" noWrap sx={{ flexGrow: 1, ml: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' } }}>
      {name}
    </Typography>
  );
}

/**
 * The airport's logo in place of the product's icon (docs/airports.md, "Logo"). Decorative: the
 * airport's name stands beside it. A light plate keeps a dark logo readable on the bar's colour.
 */
function AirportLogo({ src }: { src: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      sx={{ display: 'block', height: { xs: 32, sm: 40 }, maxWidth: { xs: 96, sm: 160 }, objectFit: 'contain', bgcolor: 'common.white', borderRadius: 1, p: 0.25 }}
    />
  );
}

export function TopBar() {
  const { user } = useAccess();
  const config = useAppConfig();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const wantMenu = () => {
    setMenuWanted(true);
    // The menu's links lead to signed-in pages: their routes load now, not after the click.
    prefetchSignedInRoutes();
  };
  const airportName = config.data?.jsonvalue.airportName ?? '';
  const logoUrl = config.data?.jsonvalue.logoUrl ?? null;
  const onSignIn = location.pathname.startsWith('/signin');

  // Plain boxes rather than AppBar/Toolbar/Container/Link: the same look, less code in the shell.
  return (
    <Box component="header" sx={{ position: 'sticky', top: 0, zIndex: 'appBar', bgcolor: 'primary.main', color: 'primary.contrastText', boxShadow: 1 }}>
      {/* Inside the banner landmark: a progress bar outside every landmark is content screen readers may miss (axe 'region'). */}
      <GlobalLoader />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, minHeight: { xs: 56, sm: 64 } }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.25rem', flexShrink: 0, color: 'inherit', textDecoration: 'none' }}
        >
          {logoUrl ? <AirportLogo src={logoUrl} /> : <FlightTakeoffIcon aria-hidden />}
          Apron
        </Box>
        {user ? (
          <Suspense fallback={<AirportName name={airportName} />}>
            <AirportSwitcher fallback={<AirportName name={airportName} />} />
          </Suspense>
        ) : (
          <AirportName name="" />
        )}
        {user && <AlertsBell />}
        {user ? (
          <IconButton
            color="inherit"
            edge="end"
            aria-label="Open menu"
            aria-haspopup="true"
            aria-expanded={open}
            onPointerEnter={wantMenu}
            onFocus={wantMenu}
            onClick={() => {
              wantMenu();
              setOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        ) : (
          !onSignIn && (
            <Button color="inherit" variant="outlined" href={loginUrl(`${location.pathname}${location.search}`)}>
              Login
            </Button>
          )
        )}
      </Box>
      {user && menuWanted && (
        <Suspense fallback={null}>
          <NavDrawer user={user} open={open} onClose={() => setOpen(false)} onLogOut={() => void logOut(queryClient)} />
        </Suspense>
      )}
    </Box>
  );
}

/** The shell: the top bar (with the loader bar), and the page in the one `main` landmark. */
export function Layout() {
  useUnauthorizedRedirect();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flexGrow: 1, width: '100%', maxWidth: 'lg', mx: 'auto', py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
