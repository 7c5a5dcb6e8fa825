import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { calendarDate } from '@apron/core/dates';
import { formatMoney } from '@apron/core/money';
import { MANUAL_PAYMENT_LABELS, PAYMENT_MESSAGES, ZManualPayment, type TManualPayment } from '@apron/core/payments';
import type { TInvoice } from '@apron/core/invoices';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { useMoneyAttempt } from '../../lib/money-attempt';
import { useNotify } from '../../lib/notify';
import { useManualPayment } from './api';
import { selectedAmountCents } from './pay-with-card';

/** The labels of the three fields: Cash (accountType true) or Check; the schema's errors use the same. */
export const MANUAL_LABELS = MANUAL_PAYMENT_LABELS;

/** Manual Payment (Invoices admins): 'Payment' with the Cash/Check switch, then a confirmation. */
export function ManualPaymentDialog(props: { invoice: TInvoice; lineIds: string[]; open: boolean; onClose: () => void; onPaid: () => void }) {
  const { invoice, lineIds, open, onClose, onPaid } = props;
  const notify = useNotify();
  const save = useManualPayment(invoice._id);
  const [pending, setPending] = useState<TManualPayment | null>(null);
  const form = useForm<z.input<typeof ZManualPayment>, unknown, TManualPayment>({
    resolver: zodResolver(ZManualPayment),
    defaultValues: { lineIds, accountType: true, accountName: '', accountDetails: '', confirmation: '', paymentDate: calendarDate(new Date()) },
  });
  const isCash = useWatch({ control: form.control, name: 'accountType' });
  const labels = isCash ? MANUAL_LABELS.cash : MANUAL_LABELS.check;
  // check numbers are digits typed as text (a number input would drop leading zeros and accept '1e5')
  const digits = isCash ? {} : ({ inputMode: 'numeric', pattern: '[0-9]*' } as const);
  const cents = selectedAmountCents(invoice, lineIds);
  // One request at a time: a double click on Record Payment must not record, or refuse, a second time.
  const attempt = useMoneyAttempt();
  const record = async () => {
    if (!pending) return;
    try {
      const outcome = await attempt.run(JSON.stringify(pending), () => save.mutateAsync(pending));
      if (!outcome.sent) return;
      notify.success(PAYMENT_MESSAGES.successful);
      setPending(null);
      onPaid();
      onClose();
    } catch (error) {
      setPending(null);
      reportFormError(error, form.setError, ZManualPayment, notify);
    }
  };
  return (
    <>
      <FormDialog
        open={open && !pending}
        title="Payment"
        onClose={onClose}
        submitting={attempt.running}
        onSubmit={form.handleSubmit((values) => setPending({ ...values, lineIds }))}
      >
        <Typography>
          {lineIds.length} line{lineIds.length === 1 ? '' : 's'} selected: {formatMoney(cents)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id="manual-check-label">Check</Typography>
          <FormControlLabel
            label="Cash"
            control={
              <Switch
                checked={isCash}
                onChange={(event) => {
                  form.setValue('accountType', event.target.checked);
                  form.clearErrors();
                }}
              />
            }
          />
        </Stack>
        <TextField control={form.control} name="accountName" label={labels.accountName} required />
        <TextField control={form.control} name="accountDetails" label={labels.accountDetails} required {...digits} />
        <TextField control={form.control} name="confirmation" label={labels.confirmation} required {...digits} multiline={isCash} minRows={2} />
        <TextField control={form.control} name="paymentDate" label="Payment Date" type="date" required />
      </FormDialog>
      <ConfirmDialog
        open={open && !!pending}
        title="Record Payment"
        message={`Record a ${pending?.accountType ? 'cash' : 'check'} payment of ${formatMoney(cents)} for invoice #${invoice.invoiceNumber}?`}
        confirmLabel="Record Payment"
        busy={attempt.running}
        onCancel={() => setPending(null)}
        onConfirm={() => void record()}
      />
    </>
  );
}
