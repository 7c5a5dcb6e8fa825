import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAgreement, TAgreementInput } from '@apron/core/agreements';
import { CheckboxField } from '../../components/form-fields';
import type { TFormFieldSpec } from '../../components/schema-form-fields';

/** The GASB 87 inputs' form values from the agreement (empty on a new one: the airport's defaults apply). */
export function gasbDefaultValues(agreement: TAgreement | null): Pick<TAgreementInput, 'gasbRegulated' | 'gasbDiscountRate' | 'gasbRenewalCertain' | 'gasbRenewalEnd' | 'gasbModificationDate'> {
  return {
    gasbRegulated: agreement?.gasbRegulated ?? false,
    gasbDiscountRate: agreement?.gasbDiscountRate ?? '',
    gasbRenewalCertain: agreement?.gasbRenewalCertain ?? false,
    gasbRenewalEnd: agreement?.gasbRenewalEnd ?? '',
    gasbModificationDate: '',
  };
}

/**
 * The form's "Lease accounting (GASB 87)" section: the judgments the airport's finance office
 * makes for each lease. The heading rides on the first field (the kit's field list has no
 * heading kind); Renewal term end shows only once the renewal is reasonably certain, and the date a
 * change takes effect only on an existing agreement (its remeasurement date; default today).
 */
export function gasbFields(opts: { isNew: boolean; renewalCertain: boolean; disabled: boolean }): TFormFieldSpec<TAgreementInput>[] {
  const third = { xs: 12, sm: 4 };
  return [
    {
      name: 'gasbRegulated',
      label: 'Regulated aviation lease',
      render: (control) => (
        <Stack spacing={1}>
          <Divider />
          <Typography variant="subtitle1" component="h2">
            Lease accounting (GASB 87)
          </Typography>
          <CheckboxField
            control={control}
            name="gasbRegulated"
            label="Regulated aviation lease"
            disabled={opts.disabled}
            helperText="Regulated by the FAA (GASB 87 ¶42-43): disclosed, with no receivable or deferred inflow."
          />
        </Stack>
      ),
    },
    { name: 'gasbDiscountRate', label: 'Discount rate (%)', kind: 'number', size: third, helperText: "Empty: the airport's incremental borrowing rate." },
    { name: 'gasbRenewalCertain', label: 'Renewal reasonably certain', kind: 'checkbox', size: third, helperText: 'The lease term runs to the renewal term end.' },
    ...(opts.renewalCertain ? [{ name: 'gasbRenewalEnd', label: 'Renewal term end', kind: 'date', required: true, size: third } as const] : []),
    ...(opts.isNew ? [] : [{ name: 'gasbModificationDate', label: 'Change takes effect', kind: 'date', size: third, helperText: 'When a change of term, rent or rate is remeasured; empty: today.' } as const]),
  ];
}
