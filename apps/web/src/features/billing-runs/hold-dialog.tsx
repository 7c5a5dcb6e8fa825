import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BILLING_HOLD_REASON_MAX, ZBillingHoldCreate } from '@apron/core/invoices';
import { FormDialog } from '../../components/form-dialog';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useHoldCompany } from './api/billing-holds';

export interface THoldTarget {
  companyId: string;
  companyName: string;
}

/**
 * Hold one company for one period: the reason is required (it goes to the audit trail) and checked
 * with the server's own schema before it is sent; the server's field errors show on the field.
 */
export function HoldDialog(props: { cycleId: string; period: { from: string; to: string; label: string }; target: THoldTarget; onClose: () => void }) {
  const { cycleId, period, target, onClose } = props;
  const hold = useHoldCompany(cycleId);
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZBillingHoldCreate.safeParse({ companyId: target.companyId, period: period.from, reason });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message ?? parsed.error.issues[0]!.message);
      return;
    }
    hold.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(`${target.companyName} is held for ${period.label}`);
        onClose();
      },
      onError: (failure) => {
        const fieldMessage = isApiError(failure) ? failure.fieldErrors.reason : undefined;
        setError(fieldMessage ?? errorMessage(failure));
      },
    });
  };

  return (
    <FormDialog open title={`Hold ${target.companyName}`} onClose={onClose} onSubmit={submit} submitLabel="Hold" submitting={hold.isPending}>
      <Typography>
        The run for {period.label} will skip {target.companyName}; the next period bills it as usual.
      </Typography>
      <TextField
        label="Reason"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        required
        multiline
        minRows={2}
        autoFocus
        error={!!error}
        helperText={error ?? 'Kept in the audit trail'}
        slotProps={{ htmlInput: { maxLength: BILLING_HOLD_REASON_MAX } }}
      />
    </FormDialog>
  );
}
