import { useEffect, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { Outlet, useLocation } from 'react-router';
import { satisfies, type TAccessRule } from '@apron/core/access';
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

/**
 * Shows its children (or the child route) only to a user who satisfies `rule`.
 * Signed out: off to the login page. Signed in without the rule: the no-access view.
 */
export function RequireAccess({ rule, children }: { rule: TAccessRule; children?: ReactNode }) {
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
  if (!satisfies(user, rule)) return <NoAccess />;
  return <>{children ?? <Outlet />}</>;
}
