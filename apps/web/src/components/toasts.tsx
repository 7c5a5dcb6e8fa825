import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ToastContext, type TEnqueueToast, type TToastVariant } from '../lib/notify';

interface TToast {
  id: number;
  message: string;
  variant: TToastVariant;
}

/** At most this many toasts at once: a new one pushes out the oldest. */
export const MAX_TOASTS = 3;
export const TOAST_HIDE_MS = 4000;

/** Text on background with AA contrast (white on success/error dark, dark text on amber). */
const TOAST_COLOURS: Record<TToastVariant, { color: string; bgcolor: string }> = {
  success: { color: 'common.white', bgcolor: 'success.dark' },
  error: { color: 'common.white', bgcolor: 'error.dark' },
  warning: { color: 'rgba(0, 0, 0, 0.87)', bgcolor: 'warning.light' },
};

/**
 * Toasts at the bottom centre, each hidden after 4 s or by its close button. Our own instead of
 * notistack: every page loads the shell, and notistack with its styling engine was ~9 KB of it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<TToast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const enqueue = useCallback<TEnqueueToast>(
    (message, variant) => {
      const id = nextId.current++;
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_HIDE_MS),
      );
      setToasts((current) => [...current, { id, message, variant }].slice(-MAX_TOASTS));
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo(() => enqueue, [enqueue]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Box
        aria-live="polite"
        sx={{
          position: 'fixed',
          bottom: 24,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: (theme) => theme.zIndex.snackbar,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          width: 'max-content',
          maxWidth: 'calc(100vw - 32px)',
        }}
      >
        {toasts.map((toast) => (
          <Box
            key={toast.id}
            role={toast.variant === 'error' ? 'alert' : 'status'}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 0.75,
              pl: 2,
              pr: 0.5,
              borderRadius: 1,
              boxShadow: 6,
              typography: 'body2',
              ...TOAST_COLOURS[toast.variant],
            }}
          >
            <Box component="span" sx={{ py: 0.5 }}>
              {toast.message}
            </Box>
            <Box
              component="button"
              type="button"
              aria-label="Close"
              onClick={() => dismiss(toast.id)}
              sx={{
                border: 0,
                background: 'none',
                color: 'inherit',
                cursor: 'pointer',
                font: 'inherit',
                fontSize: '1.25rem',
                lineHeight: 1,
                width: 32,
                height: 32,
                borderRadius: '50%',
                '&:hover, &:focus-visible': { bgcolor: 'rgba(128, 128, 128, 0.25)' },
              }}
            >
              ×
            </Box>
          </Box>
        ))}
      </Box>
    </ToastContext.Provider>
  );
}
