import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '@apron/core/dates';
import type { TFormSchema } from '@apron/core/forms';
import type { TInspectionDetail } from '@apron/core/inspections';
import { FormViewer } from '../../components/form-viewer';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { useInspectionDetail, useSaveAnswers } from './api';
import { ReturnToParent } from './return-to-parent';

function Summary({ inspection }: { inspection: TInspectionDetail }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {inspection.inspectionfor ? `For ${inspection.inspectionfor.name} · ` : ''}
      Status {inspection.status} · Inspector {inspection.name || 'not assigned'} {inspection.email ? `(${inspection.email})` : ''} · Created {formatDateTime(inspection.createdDate)}
      {inspection.completedAt ? ` · Completed ${formatDateTime(inspection.completedAt)}` : ''} · Form version {inspection.formVersion}
    </Typography>
  );
}

/**
 * One inspection's form. `mode` 'view' (View Inspection, a new tab): the filled form, read-only.
 * 'fill' (staff) and 'my' (the inspector's e-mail link): Save keeps the answers (In Progress);
 * 'Complete Inspection' checks every field and completes it — final, the server refuses more.
 */
export function InspectionFormPage({ mode }: { mode: 'view' | 'fill' | 'my' }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { user } = useAccess();
  const detail = useInspectionDetail(id);
  const save = useSaveAnswers(id);
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const back = mode === 'view' ? '/inspection' : mode === 'my' || !user?.isInternal ? '/inspection' : `/inspection/inspectionList/${detail.data?.inspectionId ?? ''}`;
  if (detail.isPending) return <Loader />;
  if (detail.isError) return <ReturnToParent error={detail.error} to="/inspection" />;
  const inspection = detail.data;
  const canFill = mode !== 'view' && inspection.abilities.fill;

  async function run(data: Record<string, unknown>, complete: boolean) {
    setErrors(null);
    try {
      const answer = await save.mutateAsync({ data, complete });
      notify.success(answer.message);
      if (complete) navigate(back);
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) setErrors(error.fieldErrors);
      else notify.error(error);
    }
  }

  return (
    <>
      <PageHeader title={`${mode === 'view' ? 'View' : 'Fill'} Inspection: ${inspection.masterName}`} backTo={back} />
      <Summary inspection={inspection} />
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        {mode !== 'view' && !canFill && (
          <Alert severity="info">{inspection.status === 'Completed' ? 'This inspection is completed and can no longer be changed.' : 'Assign an inspector before filling this inspection.'}</Alert>
        )}
        <FormViewer
          schema={inspection.schema as unknown as TFormSchema}
          data={inspection.data}
          readOnly={!canFill}
          errors={errors}
          actions={[
            { label: 'Save', variant: 'outlined', onClick: (data) => run(data, false) },
            { label: 'Complete Inspection', validate: true, onClick: (data) => run(data, true) },
          ]}
        />
      </Stack>
    </>
  );
}

export const ViewInspectionPage = () => <InspectionFormPage mode="view" />;
export const FillInspectionPage = () => <InspectionFormPage mode="fill" />;
export const MyInspectionPage = () => <InspectionFormPage mode="my" />;
