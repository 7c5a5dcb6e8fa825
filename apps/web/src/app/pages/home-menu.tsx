import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { menuFor, type TSessionUser } from '@apron/core/access';
import { PublicDialogs, type TPublicDialog } from './public-dialogs';
import { useAppConfig } from '../../lib/session';
import { MenuItemIcon } from '../menu-icons';
import { prefetchSignedInRoutes } from '../signed-in-routes-loader';
import { CountDot, unreadLabel, useUnreadAlerts } from '../../features/alerts/unread-badge';
import { SetupChecklist } from '../../features/settings/setup-checklist';

/** The dashboard's figures load after the tiles (their own chunk), so the home stays light. */
const Dashboard = lazy(async () => ({ default: (await import('../../features/reports/dashboard')).Dashboard }));

/** The dashboard failing (its chunk gone after a deploy, a render error) never takes the tiles with it. */
class DashboardBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return <Typography role="alert" sx={{ mb: 2 }}>The dashboard could not be loaded. Reload the page to try again.</Typography>;
    return this.props.children;
  }
}

function TileBody({ itemKey, label, count = 0 }: { itemKey: string; label: string; count?: number }) {
  return (
    <CardContent sx={{ position: 'relative', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 3 }}>
      <CountDot count={count} />
      <MenuItemIcon itemKey={itemKey} color="primary" sx={{ fontSize: 40 }} />
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, textAlign: 'center' }}>
        {label}
      </Typography>
    </CardContent>
  );
}

/** The signed-in home: a tile per menu item this user may see. */
export function HomeMenu({ user }: { user: TSessionUser }) {
  const config = useAppConfig();
  const [dialog, setDialog] = useState<TPublicDialog>(null);
  const items = menuFor(user).filter((item) => item.key !== 'dashboard');
  const showContactTiles = config.data !== undefined && config.data.jsonvalue.landinglinks !== true;
  const unread = useUnreadAlerts(items.some((item) => item.key === 'alerts'));
  
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Dashboard
      </Typography>
      <SetupChecklist user={user} />
      <DashboardBoundary>
        <Suspense fallback={null}>
          <Dashboard />
        </Suspense>
      </DashboardBoundary>
      {/* The tiles lead to signed-in pages: their routes load when a tile is pointed at or focused. */}
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}
        aria-label="Home menu"
        onPointerOver={prefetchSignedInRoutes}
        onFocus={prefetchSignedInRoutes}
      >
        {items.map((item) => (
          <Box key={item.key} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={item.route}
                sx={{ height: '100%' }}
                aria-label={item.key === 'alerts' ? unreadLabel(unread) : undefined}
              >
                <TileBody itemKey={item.key} label={item.label} count={item.key === 'alerts' ? unread : 0} />
              </CardActionArea>
            </Card>
          </Box>
        ))}
        {showContactTiles && (
          <>
            <Box component="li">
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea onClick={() => setDialog('contact')} sx={{ height: '100%' }}>
                  <TileBody itemKey="contact" label="Contact Us" />
                </CardActionArea>
              </Card>
            </Box>
            <Box component="li">
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea onClick={() => setDialog('lostCard')} sx={{ height: '100%' }}>
                  <TileBody itemKey="lostCard" label="Lost/Stolen Card" />
                </CardActionArea>
              </Card>
            </Box>
          </>
        )}
      </Box>
      {showContactTiles && <PublicDialogs open={dialog} onClose={() => setDialog(null)} />}
    </Box>
  );
}
