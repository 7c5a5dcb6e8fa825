import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Retries only failures that may pass on a second try (network, 5xx), at most twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status > 0 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client (tests build their own with `createQueryClient`). */
export const queryClient = createQueryClient();
