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
import { isRunGoing, useBillingRun } from './api/billing-run';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * A run's progress bar, asked of the server every second while the job runs. The run id is in the
 * page's address, so a reload (or coming back later) follows the same run. The toast is for a run
 * seen ending here, not for an old run reopened.
 */
export function RunProgress({ cycleId, runId }: { cycleId: string; runId: string }) {
  const run = useBillingRun(cycleId, runId);
  const notify = useNotify();
  const wasRunning = useRef(false);
  const data = run.data;

  useEffect(() => {
    if (!data) return;
    if (isRunGoing(data)) {
      wasRunning.current = true;
      return;
    }
    if (!wasRunning.current) return;
    wasRunning.current = false;
    if (data.status === 'done') notify.success(`The run is done: ${countFormat.format(data.created)} ${data.created === 1 ? 'invoice' : 'invoices'} created`);
    else notify.failure('The run stopped before the end');
  }, [data, notify]);

  if (run.isPending) return <Loader text="Loading the run" />;
  if (run.isError || !data) return <Alert severity="error">{errorMessage(run.error)}</Alert>;
  if (data.status === 'done') {
    return (
      <Alert
        severity="success"
        action={
          <Button component={RouterLink} to="/invoices" color="inherit" size="small">
            Open the invoices
          </Button>
        }
      >
        The run is done: {countFormat.format(data.created)} {data.created === 1 ? 'invoice' : 'invoices'} created for {countFormat.format(data.total)}{' '}
        {data.total === 1 ? 'agreement' : 'agreements'}.
      </Alert>
    );
  }
  if (data.status === 'failed') return <Alert severity="error">{data.error ?? 'The run stopped.'} What it billed stays; run it again to bill the rest.</Alert>;

  const percent = data.total > 0 ? Math.floor((data.done / data.total) * 100) : 0;
  return (
    <Stack spacing={1}>
      <Typography id="billing-run-progress-label">
        {data.status === 'queued' ? 'The run is queued' : 'Billing'}: {countFormat.format(data.done)} of {countFormat.format(data.total)} agreements
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress variant="determinate" value={percent} aria-labelledby="billing-run-progress-label" sx={{ flex: 1, height: 8, borderRadius: 1 }} />
        <Typography variant="body2" sx={{ minWidth: '3rem', textAlign: 'right' }}>
          {percent}%
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        The run is a job on the server: you may leave this page and come back.
      </Typography>
    </Stack>
  );
}
