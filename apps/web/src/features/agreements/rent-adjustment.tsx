import { useState } from 'react';
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
import { formatDate } from '@apron/core/dates';
import { RENT_ADJUSTMENT_MESSAGES, type TAgreement, type TRentAdjustmentPreviewRow } from '@apron/core/agreements';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MoneyText } from '../../components/money-text';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useApplyRentAdjustment, useRentAdjustmentPreview } from './rent-adjustment-api';

/** The preview: one row per adjustment (due ones, else the next to come), as the server computed it. */
export function RentAdjustmentTable({ rows }: { rows: readonly TRentAdjustmentPreviewRow[] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Rent adjustment preview">
        <TableHead>
          <TableRow>
            <TableCell>Property</TableCell>
            <TableCell align="right">Current Rent</TableCell>
            <TableCell align="right">New Rent</TableCell>
            <TableCell>Effective Date</TableCell>
            <TableCell>Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.propertyId}-${row.effectiveDate}`}>
              <TableCell>{row.propertyName}</TableCell>
              <TableCell align="right">
                <MoneyText dollars={row.currentRent} />
              </TableCell>
              <TableCell align="right">{row.newRent === null ? 'NA' : <MoneyText dollars={row.newRent} />}</TableCell>
              <TableCell>
                {formatDate(row.effectiveDate)}
                {!row.due && ' (next)'}
              </TableCell>
              <TableCell>{row.problem ? <Typography color="error" variant="body2">{row.problem}</Typography> : row.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Rent Adjustment section of the agreement page (Lease staff see it; Lease admins apply). */
export function RentAdjustment({ agreement }: { agreement: TAgreement }) {
  const notify = useNotify();
  const preview = useRentAdjustmentPreview(agreement._id, true);
  const apply = useApplyRentAdjustment(agreement._id);
  const [confirming, setConfirming] = useState(false);
  const data = preview.data;
  const dueCount = data?.rows.filter((r) => r.due).length ?? 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="rent-adjustment-heading">
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="rent-adjustment-heading">
          Rent Adjustment
        </Typography>
        {data?.canApply && (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={apply.isPending}>
            Apply
          </Button>
        )}
      </Stack>
      {preview.isPending && <Typography color="text.secondary">Loading rent adjustment</Typography>}
      {preview.isError && <Typography role="alert">{errorMessage(preview.error)}</Typography>}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {data.paymentTypeName} ({data.skuType})
            {data.adjustmentDate ? ` from ${formatDate(data.adjustmentDate)}` : ' — no adjustment start date'}
            {data.adjustmentFreq ? `, every ${data.adjustmentFreq} months` : ''}
          </Typography>
          {data.rows.length === 0 ? (
            <Typography color="text.secondary">No rent adjustment is scheduled.</Typography>
          ) : (
            <RentAdjustmentTable rows={data.rows} />
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Apply Rent Adjustment"
        message={`Apply ${dueCount} due rent adjustment${dueCount === 1 ? '' : 's'}? The new rents are used from now on.`}
        confirmLabel="Apply"
        busy={apply.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          apply.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(RENT_ADJUSTMENT_MESSAGES.applied);
            },
            onError: (error) => {
              setConfirming(false);
              notify.error(error);
            },
          })
        }
      />
    </Paper>
  );
}
