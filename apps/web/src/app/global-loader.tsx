import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * One thin progress bar at the top of the page while any query or mutation is running. Drawn
 * here rather than with LinearProgress, which weighs ~2 KB in every page's first load.
 */
export function GlobalLoader() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = fetching + mutating > 0;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 4, overflow: 'hidden', zIndex: (t) => t.zIndex.tooltip + 1 }}>
      {busy && (
        <Box role="progressbar" aria-label="Loading" sx={{ height: '100%', bgcolor: 'secondary.light' }}>
          <Box
            sx={{
              width: '40%',
              height: '100%',
              bgcolor: 'secondary.main',
              animation: `${slide} 1.2s ease-in-out infinite`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
            }}
          />
        </Box>
      )}
    </Box>
  );
}
