import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider renders exactly this one for a theme without CSS variables (ours), but
// importing it brings its CSS-variables provider into every page's first load.
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '../components/toasts';
import { AppErrorBoundary } from './error-boundary';
import { theme } from './theme';

/** Theme, query client and toasts (max 3) around the app (the router goes inside). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
