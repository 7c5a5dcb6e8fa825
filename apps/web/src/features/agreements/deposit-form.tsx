import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEPOSIT_PAYMENT_METHODS,
  ZSecurityDepositInput,
  type TSecurityDeposit,
  type TSecurityDepositInput,
  type TSecurityDepositValues,
} from '@apron/core/agreements';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useSaveDeposit } from './api';
import { MoneyField } from '../../components/money-field';


function defaultValues(deposit: TSecurityDeposit | null): TSecurityDepositInput {
  return {
    amount: deposit?.amount as number,
    received: deposit?.received ?? false,
    returned: deposit?.returned ?? false,
    paymentDate: deposit?.paymentDate ?? '',
    returnDate: deposit?.returnDate ?? '',
    paymentMethod: deposit?.paymentMethod ?? '',
    returnDesc: deposit?.returnDesc ?? '',
  };
}

/** The security deposit of one property of the agreement (Property admins edit). */
export function DepositForm(props: { agreementId: string; propertyId: string; deposit: TSecurityDeposit | null; canEdit: boolean }) {
  const { agreementId, propertyId, deposit, canEdit } = props;
  const notify = useNotify();
  const save = useSaveDeposit(agreementId, propertyId);
  const form = useForm<TSecurityDepositInput, unknown, TSecurityDepositValues>({ resolver: zodResolver(ZSecurityDepositInput), defaultValues: defaultValues(deposit) });
  const { control } = form;
  const disabled = !canEdit || save.isPending;
  if (!canEdit && !deposit) return <Typography color="text.secondary">No security deposit recorded</Typography>;
  return (
    <form
      noValidate
      aria-label="Security Deposit"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => notify.success(SUCCESS_TEXT.updated),
          onError: (error) => reportFormError(error, form.setError, ZSecurityDepositInput, notify),
        }),
      )}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <MoneyField control={control} name="amount" label="Amount" required disabled={disabled} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField control={control} name="paymentMethod" label="Payment Method" options={DEPOSIT_PAYMENT_METHODS} placeholder="Select One" disabled={disabled} />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <CheckboxField control={control} name="received" label="Received" disabled={disabled} />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <CheckboxField control={control} name="returned" label="Returned" disabled={disabled} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField control={control} name="paymentDate" label="Payment Date" type="date" disabled={disabled} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField control={control} name="returnDate" label="Return Date" type="date" disabled={disabled} />
        </Grid>
        <Grid size={12}>
          <TextField control={control} name="returnDesc" label="Return Description" multiline minRows={2} disabled={disabled} />
        </Grid>
      </Grid>
      {canEdit && (
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save Deposit
          </Button>
        </Stack>
      )}
    </form>
  );
}
