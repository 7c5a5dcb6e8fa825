import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
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
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AIRCRAFT_INSURANCE,
  AIRCRAFT_OWNER_KINDS,
  AIRCRAFT_TYPES,
  ZAircraftUpdate,
  type TAircraft,
  type TAircraftUpdate,
} from '@apron/core/agreements';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { SelectField, TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useDeleteAircraft, useSaveAircraft } from './api';

type TAircraftOutput = z.output<typeof ZAircraftUpdate>;
const FIELD_NAMES = [
  'tailNumber', 'make', 'model', 'airCraftType', 'ownerortennat', 'owner', 'address1', 'address2', 'insurance',
  'start', 'end', 'facilitycode', 'accesscardno', 'email', 'comments', 'faaRegistry',
] as const;

function defaultValues(aircraft: TAircraft | null): TAircraftUpdate {
  return {
    tailNumber: aircraft?.tailNumber ?? '',
    make: aircraft?.make ?? '',
    model: aircraft?.model ?? '',
    airCraftType: aircraft?.airCraftType ?? ('' as TAircraftUpdate['airCraftType']),
    ownerortennat: aircraft?.ownerortennat ?? ('' as TAircraftUpdate['ownerortennat']),
    owner: aircraft?.owner ?? '',
    address1: aircraft?.address1 ?? '',
    address2: aircraft?.address2 ?? '',
    insurance: aircraft?.insurance ?? 'N/A',
    start: aircraft?.start ?? '',
    end: aircraft?.end ?? '',
    facilitycode: aircraft?.facilitycode ?? '',
    accesscardno: aircraft?.accesscardno ?? '',
    email: aircraft?.email ?? '',
    comments: aircraft?.comments ?? '',
    faaRegistry: aircraft?.faaRegistry ?? '',
  };
}

interface TAircraftDialogProps {
  agreementId: string;
  propertyId: string;
  aircraft: TAircraft | null;
  readOnly: boolean;
  onClose: () => void;
}

function AircraftDialog({ agreementId, propertyId, aircraft, readOnly, onClose }: TAircraftDialogProps) {
  const notify = useNotify();
  const save = useSaveAircraft(agreementId, propertyId);
  const form = useForm<TAircraftUpdate, unknown, TAircraftOutput>({ resolver: zodResolver(ZAircraftUpdate), defaultValues: defaultValues(aircraft) });
  const { control } = form;
  const disabled = readOnly || save.isPending;
  const half = { xs: 12, sm: 6 } as const;
  return (
    <FormDialog
      open
      maxWidth="md"
      title={readOnly ? `Tenant ${aircraft?.tailNumber ?? ''}` : aircraft ? 'Edit Tenant' : 'Add Tenant'}
      submitting={save.isPending}
      onClose={onClose}
      cancelLabel={readOnly ? 'Close' : 'Cancel'}
      onSubmit={form.handleSubmit((values) => {
        if (readOnly) return onClose();
        save.mutate(
          { id: aircraft?._id ?? null, body: values },
          {
            onSuccess: () => {
              notify.success(aircraft ? SUCCESS_TEXT.updated : SUCCESS_TEXT.added);
              onClose();
            },
            onError: (error) => reportFormError(error, form.setError, FIELD_NAMES, notify),
          },
        );
      })}
      submitLabel={readOnly ? 'Close' : 'Save'}
    >
      <Grid container spacing={2}>
        <Grid size={half}><TextField control={control} name="tailNumber" label="Tail Number" required disabled={disabled} /></Grid>
        <Grid size={half}><SelectField control={control} name="airCraftType" label="Aircraft Type" required options={AIRCRAFT_TYPES} placeholder="Select One" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="make" label="Make" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="model" label="Model" disabled={disabled} /></Grid>
        <Grid size={half}><SelectField control={control} name="ownerortennat" label="Owner or Tenant" required options={AIRCRAFT_OWNER_KINDS} placeholder="Select One" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="owner" label="Owner" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="address1" label="Address 1" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="address2" label="Address 2" disabled={disabled} /></Grid>
        <Grid size={half}><SelectField control={control} name="insurance" label="Insurance" options={AIRCRAFT_INSURANCE} disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="email" label="Email" type="email" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="start" label="Start" type="date" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="end" label="End" type="date" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="facilitycode" label="Facility Code" disabled={disabled} /></Grid>
        <Grid size={half}><TextField control={control} name="accesscardno" label="Access Card No." disabled={disabled} /></Grid>
        <Grid size={12}><TextField control={control} name="faaRegistry" label="FAA Registry" disabled={disabled} /></Grid>
        <Grid size={12}><TextField control={control} name="comments" label="Comments" multiline minRows={2} disabled={disabled} /></Grid>
      </Grid>
    </FormDialog>
  );
}

/** Tenants of one property of the agreement: the aircraft records (Lease or Property admins edit). */
export function AircraftPanel(props: { agreementId: string; propertyId: string; aircraft: TAircraft[]; canEdit: boolean }) {
  const { agreementId, propertyId, aircraft, canEdit } = props;
  const notify = useNotify();
  const remove = useDeleteAircraft(agreementId, propertyId);
  const [open, setOpen] = useState<TAircraft | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TAircraft | null>(null);
  return (
    <Stack spacing={1}>
      {canEdit && (
        <Button startIcon={<AddIcon />} onClick={() => setOpen('new')} sx={{ alignSelf: 'flex-start' }}>
          Add Tenant
        </Button>
      )}
      {aircraft.length === 0 ? (
        <Typography color="text.secondary">No tenants recorded</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Tenants">
            <TableHead>
              <TableRow>
                <TableCell>Tail Number</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Make / Model</TableCell>
                <TableCell>Type</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Owner or Tenant</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Insurance</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {aircraft.map((row) => (
                <TableRow key={row._id}>
                  <TableCell>{row.tailNumber}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{[row.make, row.model].filter(Boolean).join(' ') || 'NA'}</TableCell>
                  <TableCell>{row.airCraftType}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.ownerortennat}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.insurance}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`${canEdit ? 'Edit' : 'View'} ${row.tailNumber}`} onClick={() => setOpen(row)}>
                      {canEdit ? <EditIcon /> : <VisibilityIcon />}
                    </IconButton>
                    {canEdit && (
                      <IconButton aria-label={`Delete ${row.tailNumber}`} onClick={() => setToDelete(row)}>
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open && (
        <AircraftDialog agreementId={agreementId} propertyId={propertyId} aircraft={open === 'new' ? null : open} readOnly={!canEdit} onClose={() => setOpen(null)} />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title="Delete Tenant"
        message={toDelete ? `Delete the tenant record ${toDelete.tailNumber}?` : ''}
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
