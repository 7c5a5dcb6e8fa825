import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AGREEMENT_STATUSES, ZAgreementInput, type TAgreement, type TAgreementInput, type TAgreementValues } from '@apron/core/agreements';
import { CheckboxField, SelectField, TextField, type TSelectOption } from '../../components/form-fields';
import { NumberField } from '../../components/number-field';
import { schemaFieldNames } from '../../lib/form-errors';

function defaultValues(agreement: TAgreement | null, ownerId: string | undefined): TAgreementInput {
  if (!agreement) {
    return {
      title: '', agreementNum: '', description: '', status: 'Active', startDate: '', endDate: '', renewable: false, leaseTerms: '',
      tenantId: ownerId ?? '', invoiceCycleId: '', rentAdjustmentType: '', adjustmentDate: '', adjustmentFreq: '',
    };
  }
  return {
    title: agreement.title,
    agreementNum: agreement.agreementNum,
    description: agreement.description,
    status: agreement.status,
    startDate: agreement.startDate,
    endDate: agreement.endDate ?? '',
    renewable: agreement.renewable,
    leaseTerms: agreement.leaseTerms,
    tenantId: agreement.tenantId,
    invoiceCycleId: agreement.invoiceCycleId,
    rentAdjustmentType: agreement.rentAdjustmentType,
    adjustmentDate: agreement.adjustmentDate ?? '',
    adjustmentFreq: agreement.adjustmentFreq ?? '',
  };
}


export interface TAgreementSelects {
  owners: TSelectOption[];
  invoiceCycles: TSelectOption[];
  paymentTypes: TSelectOption[];
}

export interface TAgreementFormProps {
  agreement: TAgreement | null;
  /** The owner to start with on a new agreement (`/agreements/add?owner=`). */
  ownerId?: string;
  canEdit: boolean;
  submitting: boolean;
  selects: TAgreementSelects;
  onSubmit: (values: TAgreementValues, form: { setError: UseFormSetError<TAgreementInput>; fieldNames: readonly string[] }) => void;
}

/**
 * Create and edit with the shared `ZAgreementInput`: End Date shows only with Renewable and is
 * then required (the same rule the server runs; without Renewable it is dropped).
 */
export function AgreementForm({ agreement, ownerId, canEdit, submitting, selects, onSubmit }: TAgreementFormProps) {
  const form = useForm<TAgreementInput, unknown, TAgreementValues>({ resolver: zodResolver(ZAgreementInput), defaultValues: defaultValues(agreement, ownerId) });
  const { control } = form;
  const renewable = useWatch({ control, name: 'renewable' });
  const disabled = !canEdit || submitting;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <form noValidate aria-label="Agreement" onSubmit={form.handleSubmit((values) => onSubmit(values, { setError: form.setError, fieldNames: schemaFieldNames(ZAgreementInput) }))}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="title" label="Agreement Title" required disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="agreementNum" label="Agreement Number" required disabled={disabled} />
          </Grid>
          <Grid size={12}>
            <TextField control={control} name="description" label="Description" required multiline minRows={2} disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={control} name="tenantId" label="Owner" required options={selects.owners} placeholder="Select One" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField
              control={control}
              name="status"
              label="Status"
              required
              options={AGREEMENT_STATUSES}
              disabled={disabled}
              helperText="Active, Expiring Soon and Expired follow the dates; Archived stays."
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField control={control} name="startDate" label="Start Date" type="date" required disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <CheckboxField control={control} name="renewable" label="Renewable" disabled={disabled} />
          </Grid>
          {renewable && (
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField control={control} name="endDate" label="End Date" type="date" required disabled={disabled} />
            </Grid>
          )}
          <Grid size={12}>
            <TextField control={control} name="leaseTerms" label="Lease Terms" multiline minRows={2} disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={control} name="invoiceCycleId" label="Invoice Cycle" required options={selects.invoiceCycles} placeholder="Select One" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={control} name="rentAdjustmentType" label="Rent Adjustment Type" required options={selects.paymentTypes} placeholder="Select One" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="adjustmentDate" label="Adjustment Start Date" type="date" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberField control={control} name="adjustmentFreq" label="Adjustment Freq." inputMode="numeric" helperText="Months" disabled={disabled} />
          </Grid>
        </Grid>
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={submitting}>
              {agreement ? 'Save' : 'Create'}
            </Button>
          </Stack>
        )}
      </form>
    </Paper>
  );
}
