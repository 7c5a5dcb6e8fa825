import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage, isApiError } from './api-client';

/** Success texts of the spec (doc 2 §8). */
export const SUCCESS_TEXT = {
  updated: 'Updated Successfully',
  added: 'Added Successfully',
  created: 'Created Successfully',
  welcome: 'Welcome User',
} as const;
export const SESSION_NOT_VALID = 'Session not Valid';

export interface TNotify {
  success: (message: string) => void;
  error: (error: unknown) => void;
  warning: (message: string) => void;
  /** An error toast with a fixed text (e.g. 'Session not Valid'). */
  failure: (message: string) => void;
}

/** Toasts: success texts, and failures as the call's message or 'Error Occurred'. */
export function useNotify(): TNotify {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      warning: (message: string) => enqueueSnackbar(message, { variant: 'warning' }),
      failure: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
      error: (error: unknown) => {
        // a 401 already returned the user to `/`; no toast for it
        if (isApiError(error) && error.status === 401) return;
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      },
    }),
    [enqueueSnackbar],
  );
}
