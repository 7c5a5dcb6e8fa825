import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Loader } from '../../components/loader';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { isRunning, useImportBatch, useReloadImportHistory } from './api/batches';
import { countsOf, percentDone, type TImportBatch } from './api/types';
import { Counts } from './dry-run-result';
import { KIND_INFO } from './kinds';

const countFormat = new Intl.NumberFormat('en-US');

/** What the run came to, once it ended. */
function Outcome({ batch }: { batch: TImportBatch }) {
  const info = KIND_INFO[batch.kind];
  switch (batch.status) {
    case 'committed':
      return (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success">
            {batch.fileName} is imported.
          </Alert>
          <Counts counts={countsOf(batch)} />
          <Button component={RouterLink} to={info.recordsPath} variant="contained">
            {info.recordsLabel}
          </Button>
        </Stack>
      );
    case 'failed':
      return <Alert severity="error">The import failed and nothing was written{batch.error ? `: ${batch.error}` : '.'}</Alert>;
    case 'undone':
      return <Alert severity="info">This import was undone: its records were removed or put back as they were.</Alert>;
    default:
      return <Alert severity="info">This file was checked but not imported.</Alert>;
  }
}

/**
 * A commit's progress, asked of the server every second while the job runs (./api/batches). The job
 * does not need this page: leave and come back (the history reopens a running batch) and the bar
 * picks up where the job is. The success toast is for a run seen ending here, not for an old batch
 * reopened.
 */
export function CommitProgress({ batchId }: { batchId: string }) {
  const batch = useImportBatch(batchId);
  const notify = useNotify();
  const reloadHistory = useReloadImportHistory();
  const wasRunning = useRef(false);
  const data = batch.data;

  useEffect(() => {
    if (!data) return;
    if (isRunning(data.status)) {
      wasRunning.current = true;
      return;
    }
    if (!wasRunning.current) return;
    wasRunning.current = false;
    void reloadHistory();
    if (data.status === 'committed') notify.success(`Imported ${countFormat.format(data.rowCount)} ${data.rowCount === 1 ? 'row' : 'rows'} of ${KIND_INFO[data.kind].many}`);
    if (data.status === 'failed') notify.failure('The import failed; nothing was written');
  }, [data, notify, reloadHistory]);

  if (batch.isPending) return <Loader text="Loading the import" />;
  if (batch.isError || !data) return <Typography role="alert">{errorMessage(batch.error)}</Typography>;
  if (!isRunning(data.status)) return <Outcome batch={data} />;

  const percent = percentDone(data);
  return (
    <Stack spacing={1}>
      <Typography id="import-progress-label">
        Importing {data.fileName}: {countFormat.format(data.progress)} of {countFormat.format(data.rowCount)} rows
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress variant="determinate" value={percent} aria-labelledby="import-progress-label" sx={{ flex: 1, height: 8, borderRadius: 1 }} />
        <Typography variant="body2" sx={{ minWidth: '3rem', textAlign: 'right' }}>
          {percent}%
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        The import runs on the server: you may leave this page, and open it again from the history.
      </Typography>
    </Stack>
  );
}
