import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { JobProgress, useJobEnd } from '../../components/job-progress';
import { Loader } from '../../components/loader';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { isRunning, useImportBatch, useReloadImportHistory } from './api/batches';
import { countsOf, type TImportBatch } from './api/types';
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
  const data = batch.data;
  const isGoing = useCallback((b: TImportBatch) => isRunning(b.status), []);
  const toastEnd = useCallback(
    (ended: TImportBatch) => {
      void reloadHistory();
      if (ended.status === 'committed') notify.success(`Imported ${countFormat.format(ended.rowCount)} ${ended.rowCount === 1 ? 'row' : 'rows'} of ${KIND_INFO[ended.kind].many}`);
      if (ended.status === 'failed') notify.failure('The import failed; nothing was written');
    },
    [notify, reloadHistory],
  );
  useJobEnd(data, isGoing, toastEnd);

  if (batch.isPending) return <Loader text="Loading the import" />;
  if (batch.isError || !data) return <Typography role="alert">{errorMessage(batch.error)}</Typography>;
  if (!isRunning(data.status)) return <Outcome batch={data} />;

  return (
    <JobProgress
      id="import-progress"
      label={`Importing ${data.fileName}: ${countFormat.format(data.progress)} of ${countFormat.format(data.rowCount)} rows`}
      done={data.progress}
      total={data.rowCount}
      note="The import runs on the server: you may leave this page, and open it again from the history."
    />
  );
}
