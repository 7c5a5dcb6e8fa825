import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PLEASE_SELECT, WAITLIST_MESSAGES, WAITLIST_STATUSES, ZWaitlistApplicantUpdate, type TWaitlistApplicant, type TWaitlistApplicantUpdate, type TWaitlistApplicantUpdateInput } from '@apron/core/waitlist';
import { SelectField, TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { useNotify } from '../../lib/notify';
import { useSaveApplicant } from './api';

const valuesOf = (a: TWaitlistApplicant): TWaitlistApplicantUpdateInput => ({
  _id: a._id, propertyType: a.propertyType, aircrafttype: a.aircrafttype, firstName: a.firstName, lastName: a.lastName,
  phone: a.phone, email: a.email, organization: a.organization, status: a.status,
});

/** Staff edit of an applicant with the shared schema (propertyType, names and status required; e-mail valid if given). */
export function ApplicantForm({ applicant, propertyTypes, actions }: { applicant: TWaitlistApplicant; propertyTypes: Array<{ _id: string; name: string }>; actions?: ReactNode }) {
  const notify = useNotify();
  const save = useSaveApplicant();
  const form = useForm<TWaitlistApplicantUpdateInput, unknown, TWaitlistApplicantUpdate>({ resolver: zodResolver(ZWaitlistApplicantUpdate), defaultValues: valuesOf(applicant) });
  const { control } = form;
  const disabled = !applicant.abilities.edit || save.isPending;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notify.success(WAITLIST_MESSAGES.statusUpdated),
      onError: (error) => reportFormError(error, form.setError, ZWaitlistApplicantUpdate, notify),
    }),
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <form noValidate aria-label="Applicant" onSubmit={(event) => void submit(event)}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={control} name="propertyType" label="Property Type" required disabled={disabled} placeholder={PLEASE_SELECT} options={propertyTypes.map((t) => ({ value: t._id, label: t.name }))} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={control} name="status" label="Status" required disabled={disabled} options={[...WAITLIST_STATUSES]} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="firstName" label="First Name" required disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="lastName" label="Last Name" required disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="email" label="Email" type="email" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="phone" label="Phone" type="tel" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="organization" label="Organization" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="aircrafttype" label="Aircraft Type" disabled={disabled} />
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          {applicant.abilities.edit && (
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
          {actions}
        </Stack>
      </form>
    </Paper>
  );
}
