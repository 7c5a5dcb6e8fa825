import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ROUTER_BASENAME } from '../lib/airport-path';

function ErrorView({ title, text }: { title: string; text: string }) {
  return (
    <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      <Button variant="contained" onClick={() => window.location.assign(`${ROUTER_BASENAME ?? ''}/`)}>
        Back to Home
      </Button>
    </Box>
  );
}

/** Last-resort boundary around the whole app. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return <ErrorView title="Error Occurred" text="Something went wrong. Please reload the page." />;
    return this.props.children;
  }
}

/** The router's error element (a page that failed to load or render). */
export function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorView title="Page Not Found" text="The page you asked for does not exist." />;
  }
  console.error(error);
  return <ErrorView title="Error Occurred" text="This page could not be shown. Please try again." />;
}
