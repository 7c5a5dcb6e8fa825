import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { calendarDate } from '@apron/core/dates';
import { insuranceDefaultDates, ZInsuranceUpdate, type TInsurance, type TInsuranceUpdate } from '@apron/core/agreements';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateText } from '../../components/date-text';
import { FormDialog } from '../../components/form-dialog';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import { MoneyText } from '../../components/money-text';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useDeleteInsurance, useInsuranceTypes, useSaveInsurance } from './api';
import { MoneyField } from '../../components/money-field';

type TInsuranceOutput = z.output<typeof ZInsuranceUpdate>;
const FIELD_NAMES = ['insuranceType', 'maxCoverageAmount', 'startDate', 'endDate', 'isApproved'] as const;

function defaultValues(insurance: TInsurance | null): TInsuranceUpdate {
  if (!insurance) {
    // spec: start today, end one year later
    return { insuranceType: '', maxCoverageAmount: undefined as unknown as number, ...insuranceDefaultDates(calendarDate(new Date())), isApproved: false };
  }
  const { insuranceType, maxCoverageAmount, startDate, endDate, isApproved } = insurance;
  return { insuranceType, maxCoverageAmount, startDate, endDate, isApproved };
}

interface TInsuranceDialogProps {
  agreementId: string;
  propertyId: string;
  insurance: TInsurance | null;
  canApprove: boolean;
  onClose: () => void;
}

function InsuranceDialog({ agreementId, propertyId, insurance, canApprove, onClose }: TInsuranceDialogProps) {
  const notify = useNotify();
  const types = useInsuranceTypes(true);
  const save = useSaveInsurance(agreementId, propertyId);
  const form = useForm<TInsuranceUpdate, unknown, TInsuranceOutput>({ resolver: zodResolver(ZInsuranceUpdate), defaultValues: defaultValues(insurance) });
  const typeOptions = (types.data ?? []).map((t) => ({ value: t._id, label: String(t.name ?? '') }));
  if (insurance && !typeOptions.some((o) => o.value === insurance.insuranceType)) typeOptions.unshift({ value: insurance.insuranceType, label: insurance.insuranceTypeName });
  return (
    <FormDialog
      open
      title={insurance ? 'Edit Insurance' : 'Add Insurance'}
      submitting={save.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => {
        // only Lease admins may change the approval; others send it unchanged
        const body = { ...values, isApproved: canApprove ? values.isApproved : insurance?.isApproved };
        save.mutate(
          { id: insurance?._id ?? null, body },
          {
            onSuccess: () => {
              notify.success(insurance ? SUCCESS_TEXT.updated : SUCCESS_TEXT.added);
              onClose();
            },
            onError: (error) => reportFormError(error, form.setError, FIELD_NAMES, notify),
          },
        );
      })}
    >
      <SelectField control={form.control} name="insuranceType" label="Insurance Type" required options={typeOptions} placeholder="Select One" />
      <MoneyField control={form.control} name="maxCoverageAmount" label="Max Coverage Amount" required />
      <TextField control={form.control} name="startDate" label="Start Date" type="date" required />
      <TextField control={form.control} name="endDate" label="End Date" type="date" required />
      {canApprove && <CheckboxField control={form.control} name="isApproved" label="Approved" />}
    </FormDialog>
  );
}

/** The insurances of one property of the agreement: list, add, edit, delete (Lease or Property admins). */
export function InsurancesPanel(props: { agreementId: string; propertyId: string; insurances: TInsurance[]; canEdit: boolean; canApprove: boolean }) {
  const { agreementId, propertyId, insurances, canEdit, canApprove } = props;
  const notify = useNotify();
  const remove = useDeleteInsurance(agreementId, propertyId);
  const [editing, setEditing] = useState<TInsurance | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TInsurance | null>(null);
  return (
    <Stack spacing={1}>
      {canEdit && (
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ alignSelf: 'flex-start' }}>
          Add Insurance
        </Button>
      )}
      {insurances.length === 0 ? (
        <Typography color="text.secondary">No insurances recorded</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Insurances">
            <TableHead>
              <TableRow>
                <TableCell>Insurance Type</TableCell>
                <TableCell align="right">Max Coverage</TableCell>
                <TableCell>Start Date</TableCell>
                <TableCell>End Date</TableCell>
                <TableCell>Approved</TableCell>
                {canEdit && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {insurances.map((row) => (
                <TableRow key={row._id}>
                  <TableCell>{row.insuranceTypeName}</TableCell>
                  <TableCell align="right">
                    <MoneyText dollars={row.maxCoverageAmount} />
                  </TableCell>
                  <TableCell>
                    <DateText value={row.startDate} />
                  </TableCell>
                  <TableCell>
                    <DateText value={row.endDate} />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={row.isApproved ? 'Approved' : 'Not Approved'} color={row.isApproved ? 'success' : 'default'} />
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton aria-label={`Edit ${row.insuranceTypeName}`} onClick={() => setEditing(row)}>
                        <EditIcon />
                      </IconButton>
                      <IconButton aria-label={`Delete ${row.insuranceTypeName}`} onClick={() => setToDelete(row)}>
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <InsuranceDialog
          agreementId={agreementId}
          propertyId={propertyId}
          insurance={editing === 'new' ? null : editing}
          canApprove={canApprove}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title="Delete Insurance"
        message={toDelete ? `Delete the ${toDelete.insuranceTypeName} insurance?` : ''}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete._id, {
            onSuccess: () => {
              setToDelete(null);
              notify.success('Deleted Successfully');
            },
            onError: (error) => notify.error(error),
          })
        }
      />
    </Stack>
  );
}
