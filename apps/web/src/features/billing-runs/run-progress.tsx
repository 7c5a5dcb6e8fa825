import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { JobProgress, useJobEnd } from '../../components/job-progress';
import { Loader } from '../../components/loader';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import type { TBillingRun } from '@apron/core/invoices';
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
  const data = run.data;
  const toastEnd = useCallback(
    (ended: TBillingRun) => {
      if (ended.status === 'done') notify.success(`The run is done: ${countFormat.format(ended.created)} ${ended.created === 1 ? 'invoice' : 'invoices'} created`);
      else notify.failure('The run stopped before the end');
    },
    [notify],
  );
  useJobEnd(data, isRunGoing, toastEnd);

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

  return (
    <JobProgress
      id="billing-run-progress"
      label={`${data.status === 'queued' ? 'The run is queued' : 'Billing'}: ${countFormat.format(data.done)} of ${countFormat.format(data.total)} agreements`}
      done={data.done}
      total={data.total}
      note="The run is a job on the server: you may leave this page and come back."
    />
  );
}
