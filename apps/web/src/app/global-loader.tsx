import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** One thin progress bar at the top of the page while any query or mutation is running. */
export function GlobalLoader() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = fetching + mutating > 0;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 4, zIndex: (t) => t.zIndex.tooltip + 1 }}>
      {busy && <LinearProgress aria-label="Loading" color="secondary" />}
    </Box>
  );
}
