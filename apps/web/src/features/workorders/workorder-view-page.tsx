import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useParams } from 'react-router';
import type { TFormAnswers, TFormSchema } from '@apron/core/forms';
import { formatDate, formatDateTime } from '@apron/core/dates';
import { WORKORDER_MESSAGES } from '@apron/core/workorders/index';
import { FormViewer } from '../../components/form-viewer';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useCompleteWorkorder, useSaveWorkorderAnswers, useWorkorderForm, workorderPrintUrl } from './api';

/**
 * `workorder/view/{id}` (opened in a new tab): the work order's form with its answers. The
 * contractor (or staff) fills it while it is open — Save keeps a partial answer (In Progress),
 * Complete Workorder saves and completes; once Completed it is read-only.
 */
export function WorkorderViewPage() {
  const { id = '' } = useParams();
  const view = useWorkorderForm(id);
  const save = useSaveWorkorderAnswers(id);
  const complete = useCompleteWorkorder();
  const notify = useNotify();
  const [errors, setErrors] = useState<Record<string, string> | null>(null);

  if (view.isPending) return <Loader />;
  if (view.isError) return <RecordLoadError error={view.error} title="Workorder" backTo="/workorder" notFound={WORKORDER_MESSAGES.notFound} />;
  const { workorder, schema } = view.data;

  const run = async (work: () => Promise<{ message: string }>) => {
    setErrors(null);
    try {
      notify.success((await work()).message);
    } catch (failure) {
      if (isApiError(failure) && failure.hasFieldErrors) setErrors(failure.fieldErrors);
      else notify.error(failure);
    }
  };

  const actions = workorder.abilities.fill
    ? [
        { label: 'Save', variant: 'outlined' as const, onClick: (answers: TFormAnswers) => run(() => save.mutateAsync(answers)) },
        ...(workorder.abilities.complete
          ? [{ label: 'Complete Workorder', validate: true, onClick: (answers: TFormAnswers) => run(async () => { await save.mutateAsync(answers); return complete.mutateAsync(workorder._id); }) }]
          : []),
      ]
    : [];

  return (
    <>
      <PageHeader
        title={`Workorder ${workorder.refnumber}`}
        backTo={`/workorder/WorkorderList/${workorder.workorderId}`}
        actions={
          <Button startIcon={<PrintIcon />} href={workorderPrintUrl(workorder._id)} target="_blank" rel="noopener">
            Print Workorder
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography>
          <strong>Workorder Status:</strong> {workorder.status}
        </Typography>
        <Typography>
          <strong>Contractor:</strong> {workorder.name ? `${workorder.name} (${workorder.email})` : 'Not assigned yet'}
        </Typography>
        <Typography>
          <strong>Workorder For:</strong> {workorder.workorderfor ? `${workorder.workorderfor.name} - ${formatDate(workorder.workorderfor.createdDate)}` : '-'}
        </Typography>
        <Typography>
          <strong>Created On:</strong> {formatDateTime(workorder.createdDate)}
        </Typography>
        {workorder.failedChecks.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Opened by failed checks: {workorder.failedChecks.join(', ')}
          </Alert>
        )}
      </Paper>
      {schema ? (
        <FormViewer schema={schema as unknown as TFormSchema} data={(workorder.data ?? null) as TFormAnswers | null} readOnly={!workorder.abilities.fill} actions={actions} errors={errors} />
      ) : (
        <Alert severity="warning">The form of this work order could not be found.</Alert>
      )}
    </>
  );
}
