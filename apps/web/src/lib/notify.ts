import { createContext, useContext, useMemo } from 'react';
import { errorMessage, isApiError } from './api-client';

/** Success texts of the spec (doc 2 §8). */
export const SUCCESS_TEXT = {
  updated: 'Updated Successfully',
  added: 'Added Successfully',
  created: 'Created Successfully',
  welcome: 'Welcome User',
} as const;
export const SESSION_NOT_VALID = 'Session not Valid';

export type TToastVariant = 'success' | 'warning' | 'error';
export type TEnqueueToast = (message: string, variant: TToastVariant) => void;

/** Filled by `components/toasts.tsx` `ToastProvider` (max 3 toasts, auto-hide, close button). */
export const ToastContext = createContext<TEnqueueToast | null>(null);

export interface TNotify {
  success: (message: string) => void;
  error: (error: unknown) => void;
  warning: (message: string) => void;
  /** An error toast with a fixed text (e.g. 'Session not Valid'). */
  failure: (message: string) => void;
}

/** Toasts: success texts, and failures as the call's message or 'Error Occurred'. */
export function useNotify(): TNotify {
  const enqueue = useContext(ToastContext);
  if (!enqueue) throw new Error('useNotify needs a ToastProvider above it (app/providers.tsx)');
  return useMemo(
    () => ({
      success: (message: string) => enqueue(message, 'success'),
      warning: (message: string) => enqueue(message, 'warning'),
      failure: (message: string) => enqueue(message, 'error'),
      error: (error: unknown) => {
        // a 401 already returned the user to `/`; no toast for it
        if (isApiError(error) && error.status === 401) return;
        enqueue(errorMessage(error), 'error');
      },
    }),
    [enqueue],
  );
}
