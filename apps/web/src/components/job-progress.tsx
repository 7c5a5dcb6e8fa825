import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Whole percent done, rounded down so the bar never says 100 % before the job has finished. */
export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.max(0, Math.floor((done / total) * 100))) : 0;
}

/**
 * Calls `onEnd` once when a job seen running on this page stops running (the caller's toast), not
 * for a job that had already ended when the page opened it: the server is polled, so the page only
 * learns of the end from a later answer.
 */
export function useJobEnd<T>(job: T | undefined, isGoing: (job: T) => boolean, onEnd: (job: T) => void): void {
  const wasGoing = useRef(false);
  useEffect(() => {
    if (!job) return;
    if (isGoing(job)) {
      wasGoing.current = true;
      return;
    }
    if (!wasGoing.current) return;
    wasGoing.current = false;
    onEnd(job);
  }, [job, isGoing, onEnd]);
}

/**
 * A server job's progress: what it is doing (`label`, which also names the bar), the bar with its
 * percent, and a note that the job does not need the page.
 */
export function JobProgress({ id, label, done, total, note }: { id: string; label: ReactNode; done: number; total: number; note: ReactNode }) {
  const percent = percentOf(done, total);
  const labelId = `${id}-label`;
  return (
    <Stack spacing={1}>
      <Typography id={labelId}>{label}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress variant="determinate" value={percent} aria-labelledby={labelId} sx={{ flex: 1, height: 8, borderRadius: 1 }} />
        <Typography variant="body2" sx={{ minWidth: '3rem', textAlign: 'right' }}>
          {percent}%
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {note}
      </Typography>
    </Stack>
  );
}
