import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Link as RouterLink } from 'react-router';
import { useUnreadAlerts } from './api/unread-api';

/** The home menu's Alerts tile shows the same count. */
export { useUnreadAlerts } from './api/unread-api';

/** A count in a red dot (hidden at 0); the label says it in words for screen readers. */
export function CountDot({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        position: 'absolute', top: 2, right: 2, minWidth: 18, height: 18, px: 0.5, borderRadius: 9,
        bgcolor: 'error.main', color: 'error.contrastText', fontSize: 11, fontWeight: 700, lineHeight: '18px', textAlign: 'center',
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}

export function unreadLabel(count: number): string {
  return count === 0 ? 'Alerts' : `Alerts, ${count} unread`;
}

/** The top bar's bell: opens /alerts, shows the unread count. */
export function AlertsBell() {
  const count = useUnreadAlerts(true);
  return (
    <IconButton component={RouterLink} to="/alerts" color="inherit" aria-label={unreadLabel(count)} sx={{ position: 'relative' }}>
      <NotificationsIcon />
      <CountDot count={count} />
    </IconButton>
  );
}
