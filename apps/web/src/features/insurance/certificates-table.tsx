import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateText } from '../../components/date-text';
import { MoneyText } from '../../components/money-text';
import { SchemaFormDialog } from '../../components/schema-form-dialog';
import { useNotify } from '../../lib/notify';
import { useApproveCertificate, useRejectCertificate, type TInsurance } from './api';
import { ApprovalChip } from './status-chip';

const ZRejectReason = z.object({ reason: z.string().trim().min(1, 'Reason is required').max(1000, 'Reason is at most 1000 characters') });

function Limit({ dollars }: { dollars: number | null }) {
  return dollars === null ? <>—</> : <MoneyText dollars={dollars} />;
}

/** Staff's Approve (asked first) and Reject (with the reason the tenant is told). */
function ApprovalActions({ agreementId, insurance }: { agreementId: string; insurance: TInsurance }) {
  const notify = useNotify();
  const approve = useApproveCertificate(agreementId);
  const reject = useRejectCertificate(agreementId);
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const what = `the ${insurance.insuranceTypeName} certificate${insurance.carrier ? ` from ${insurance.carrier}` : ''}`;
  return (
    <Stack direction="row" spacing={1}>
      {insurance.approvalStatus !== 'Approved' && (
        <Button size="small" variant="contained" onClick={() => setAsking('approve')} aria-label={`Approve ${what}`}>
          Approve
        </Button>
      )}
      {insurance.approvalStatus !== 'Rejected' && (
        <Button size="small" color="error" onClick={() => setAsking('reject')} aria-label={`Reject ${what}`}>
          Reject
        </Button>
      )}
      <ConfirmDialog
        open={asking === 'approve'}
        title="Approve Certificate"
        message={`Approve ${what}? It then counts towards the agreement's compliance.`}
        confirmLabel="Approve"
        busy={approve.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          approve.mutate(insurance._id, {
            onSuccess: () => notify.success('Certificate approved'),
            onError: (error) => notify.error(error),
            onSettled: () => setAsking(null),
          })
        }
      />
      {asking === 'reject' && (
        <SchemaFormDialog
          schema={ZRejectReason}
          title="Reject Certificate"
          defaultValues={{ reason: '' }}
          fields={[{ name: 'reason', label: 'Reason', kind: 'multiline', required: true, helperText: `Why ${what} is refused; the tenant sees it.` }]}
          onSave={({ reason }) => reject.mutateAsync({ insuranceId: insurance._id, reason })}
          successText="Certificate rejected"
          submitLabel="Reject"
          onClose={() => setAsking(null)}
          maxWidth="xs"
        />
      )}
    </Stack>
  );
}

/** The agreement's insurance records with their certificate and approval (staff approve or reject). */
export function CertificatesTable({ agreementId, insurances, canApprove }: { agreementId: string; insurances: readonly TInsurance[]; canApprove: boolean }) {
  if (insurances.length === 0) return <Typography color="text.secondary">No certificates yet.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Certificates">
        <TableHead>
          <TableRow>
            <TableCell>Coverage</TableCell>
            <TableCell>Carrier / Policy</TableCell>
            <TableCell align="right">Per Occurrence</TableCell>
            <TableCell align="right">Aggregate</TableCell>
            <TableCell>Term</TableCell>
            <TableCell>Certificate</TableCell>
            <TableCell>Approval</TableCell>
            {canApprove && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {insurances.map((row) => (
            <TableRow key={row._id}>
              <TableCell>{row.insuranceTypeName}</TableCell>
              <TableCell>
                {row.carrier || '—'}
                {row.policyNumber && (
                  <Typography variant="body2" color="text.secondary">
                    {row.policyNumber}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">
                <Limit dollars={row.perOccurrenceLimit} />
              </TableCell>
              <TableCell align="right">
                <Limit dollars={row.aggregateLimit} />
              </TableCell>
              <TableCell>
                <DateText value={row.startDate} /> – <DateText value={row.endDate} />
              </TableCell>
              <TableCell>
                {row.certificate ? (
                  <Link href={row.certificate.url} target="_blank" rel="noopener">
                    {row.certificate.fileName}
                  </Link>
                ) : (
                  'None'
                )}
              </TableCell>
              <TableCell>
                <ApprovalChip status={row.approvalStatus} />
                {row.approvalStatus === 'Rejected' && row.rejectionReason && (
                  <Typography variant="body2" color="text.secondary">
                    {row.rejectionReason}
                  </Typography>
                )}
              </TableCell>
              {canApprove && (
                <TableCell>
                  <ApprovalActions agreementId={agreementId} insurance={row} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
