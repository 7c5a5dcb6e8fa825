import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { formatDate } from '@apron/core/dates';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MoneyText } from '../../components/money-text';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useAgreementRequirements, useClearRequirementsOverride, useCompliance, useOverrideRequirements, type TCompliance, type TRequirement } from './api';
import { CertificatesTable } from './certificates-table';
import { RequirementsDialog } from './requirements-editor';
import { ComplianceChip } from './status-chip';
import { UploadCertificateDialog } from './upload-certificate-dialog';

const yesNo = (value: boolean) => (value ? 'Required' : '—');

export function RequirementsTable({ requirements }: { requirements: readonly TRequirement[] }) {
  if (requirements.length === 0) return <Typography color="text.secondary">No insurance is required.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Insurance requirements">
        <TableHead>
          <TableRow>
            <TableCell>Coverage</TableCell>
            <TableCell align="right">Min Per Occurrence</TableCell>
            <TableCell align="right">Min Aggregate</TableCell>
            <TableCell>Additional Insured</TableCell>
            <TableCell>Waiver of Subrogation</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {requirements.map((r) => (
            <TableRow key={r.insuranceTypeId}>
              <TableCell>{r.insuranceTypeName}</TableCell>
              <TableCell align="right">
                <MoneyText dollars={r.minPerOccurrence} />
              </TableCell>
              <TableCell align="right">
                <MoneyText dollars={r.minAggregate} />
              </TableCell>
              <TableCell>{yesNo(r.additionalInsuredRequired)}</TableCell>
              <TableCell>{yesNo(r.waiverOfSubrogationRequired)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Inherited or overridden, and (Lease admins) the switch between the two. */
function RequirementsBlock({ agreementId, compliance, canEdit }: { agreementId: string; compliance: TCompliance; canEdit: boolean }) {
  const notify = useNotify();
  const own = useAgreementRequirements(agreementId, canEdit);
  const override = useOverrideRequirements(agreementId);
  const clear = useClearRequirementsOverride(agreementId);
  const [editing, setEditing] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const overridden = own.data?.overridden ?? false;
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="subtitle1" component="h3">
          Requirements
          {own.data && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {overridden ? '(overridden for this agreement)' : "(from the properties' types)"}
            </Typography>
          )}
        </Typography>
        {canEdit && own.data && (
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
              {overridden ? 'Edit override' : 'Override for this agreement'}
            </Button>
            {overridden && (
              <Button size="small" onClick={() => setConfirmingClear(true)}>
                Use property type requirements
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <RequirementsTable requirements={compliance.requirements} />
      {editing && (
        <RequirementsDialog
          title="Insurance Requirements of this Agreement"
          requirements={own.data?.requirements ?? compliance.requirements}
          onSave={override.mutateAsync}
          onClose={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={confirmingClear}
        title="Use Property Type Requirements"
        message="Remove this agreement's own requirements? Its properties' types' requirements apply again."
        confirmLabel="Remove override"
        busy={clear.isPending}
        onCancel={() => setConfirmingClear(false)}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => notify.success('Property type requirements apply'),
            onError: (error) => notify.error(error),
            onSettled: () => setConfirmingClear(false),
          })
        }
      />
    </Stack>
  );
}

export interface TComplianceSectionProps {
  agreementId: string;
  /** A company user: reads through their company's path and may upload certificates. */
  asTenant: boolean;
  /** Lease admins set or clear the agreement's own requirements. */
  canEditRequirements: boolean;
  /** Lease admins approve or reject certificates. */
  canApprove: boolean;
}

/** "Insurance compliance" on the agreement: status, problems, requirements and the certificates. */
export function ComplianceSection({ agreementId, asTenant, canEditRequirements, canApprove }: TComplianceSectionProps) {
  const query = useCompliance(agreementId, asTenant);
  const [uploading, setUploading] = useState(false);
  const data = query.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="insurance-compliance-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="insurance-compliance-heading">
            Insurance compliance
          </Typography>
          {data && <ComplianceChip status={data.status} />}
          {data?.expiresOn && (
            <Typography variant="body2" color="text.secondary">
              {data.status === 'Expired' ? 'Expired' : 'Expires'} {formatDate(data.expiresOn)}
            </Typography>
          )}
        </Stack>
        {asTenant && data && (
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)}>
            Upload certificate
          </Button>
        )}
      </Stack>
      {query.isPending && <Typography color="text.secondary">Loading insurance compliance</Typography>}
      {query.isError && <Typography role="alert">{errorMessage(query.error)}</Typography>}
      {data && (
        <Stack spacing={2}>
          {data.problems.length > 0 && (
            <Alert severity={data.status === 'Expiring' ? 'warning' : 'error'} aria-label="Compliance problems">
              <Stack component="ul" sx={{ m: 0, pl: 2 }}>
                {data.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </Stack>
            </Alert>
          )}
          <RequirementsBlock agreementId={agreementId} compliance={data} canEdit={canEditRequirements && !asTenant} />
          <Stack spacing={1}>
            <Typography variant="subtitle1" component="h3">
              Certificates
            </Typography>
            <CertificatesTable agreementId={agreementId} insurances={data.insurances} canApprove={canApprove && !asTenant} />
          </Stack>
        </Stack>
      )}
      {uploading && data && <UploadCertificateDialog agreementId={agreementId} requirements={data.requirements} onClose={() => setUploading(false)} />}
    </Paper>
  );
}
