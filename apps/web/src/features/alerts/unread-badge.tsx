import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { TAlertUnread } from '@apron/core/alerts';
import { apiFetch } from '../../lib/api-client';

/**
 * The unread-alerts count for the top bar and the Alerts tile. Part of the shell, so it imports
 * no zod and no grid: one small GET, refreshed every minute and whenever alerts change.
 */
export const UNREAD_ALERTS_KEY = ['alerts', 'unread'] as const;

export function useUnreadAlerts(enabled: boolean): number {
  const query = useQuery({
    queryKey: UNREAD_ALERTS_KEY,
    queryFn: () => apiFetch<TAlertUnread>('/Alerts/Unread'),
    enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
  return query.data?.count ?? 0;
}

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
