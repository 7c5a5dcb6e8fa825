import { useEffect, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { Outlet, useLocation } from 'react-router';
import { canOpenArea, satisfies, type TAccessRule } from '@apron/core/access';
import { Loader } from '../components/loader';
import { loginUrl, navigateFullPage, useAccess } from '../lib/session';
import { NoAccess } from './no-access';

function RedirectToLogin() {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  useEffect(() => {
    navigateFullPage(loginUrl(returnTo));
  }, [returnTo]);
  return (
    <Typography role="status" sx={{ py: 6, textAlign: 'center' }}>
      Redirecting to Login Page...
    </Typography>
  );
}

/** What a route asks: a menu area (the menu's own rule, e.g. 'invoices') or an access rule ('admin:Lease'). */
export type TRouteAccess = { area: string; rule?: never } | { rule: TAccessRule; area?: never };

/**
 * Shows its children (or the child route) only to a user allowed in: the menu area's rule (the
 * same table the menu is drawn from, so a typed `/invoices` answers like the menu) or `rule`.
 * Signed out: off to the login page. Signed in without access: the no-access view.
 */
export function RequireAccess({ children, ...access }: TRouteAccess & { children?: ReactNode }) {
  const { user, isLoading, isError } = useAccess();
  if (isLoading) return <Loader />;
  if (isError) {
    return (
      <Typography role="alert" sx={{ py: 6, textAlign: 'center' }}>
        Error Occurred
      </Typography>
    );
  }
  if (!user) return <RedirectToLogin />;
  const allowed = access.area !== undefined ? canOpenArea(user, access.area) : satisfies(user, access.rule);
  if (!allowed) return <NoAccess />;
  return <>{children ?? <Outlet />}</>;
}
