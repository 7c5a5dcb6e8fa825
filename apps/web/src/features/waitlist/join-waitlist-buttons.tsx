import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';

/**
 * The current fact sheet (api-public's FACT_SHEET_URL). Written here, not imported: the public
 * calls file (react-query mutations) would otherwise be one more file on /listings' first load.
 */
const FACT_SHEET_URL = '/api/factsheet';

/** The dialog's code (forms, zod) loads on the first click, so the listings page stays light. */
const JoinWaitlistDialog = lazy(async () => ({ default: (await import('./join-waitlist-dialog')).JoinWaitlistDialog }));

/**
 * 'Join WaitList' and 'Property Fact Sheet' (spec doc 1 §2), for the public listings and the
 * staff properties screen (composed there by `app/`). The fact sheet is the current upload.
 */
export function JoinWaitlistButtons() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Join WaitList
      </Button>
      <Button variant="outlined" href={FACT_SHEET_URL} target="_blank" rel="noopener">
        Property Fact Sheet
      </Button>
      <Suspense fallback={null}>{opened && <JoinWaitlistDialog open={open} onClose={() => setOpen(false)} />}</Suspense>
    </Box>
  );
}
