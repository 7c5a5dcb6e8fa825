import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BALANCE_MESSAGES, BALANCE_TYPES, ZBalanceRecordCreate, type TBalanceRecordCreate } from '@apron/core/balances';
import { calendarDate } from '@apron/core/dates';
import { FormDialog } from '../../components/form-dialog';
import { SelectField, TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { useNotify } from '../../lib/notify';
import { useAddBalanceRecord } from './api';
import { MoneyField } from '../../components/money-field';

const FIELD_NAMES = ['accountNum', 'routingNum', 'amount', 'type', 'dateApplied', 'tenantId'] as const;

/** Add Record (Company admins): account and routing number, amount, Credit/Debit, date applied. */
export function AddRecordDialog(props: { companyId: string; open: boolean; onClose: () => void }) {
  const { companyId, open, onClose } = props;
  const notify = useNotify();
  const add = useAddBalanceRecord(companyId);
  const form = useForm<TBalanceRecordCreate>({
    resolver: zodResolver(ZBalanceRecordCreate),
    defaultValues: { tenantId: companyId, accountNum: '', routingNum: '', amount: undefined as unknown as number, type: 'Credit', dateApplied: calendarDate(new Date()) },
  });
  return (
    <FormDialog
      open={open}
      title="Add Record"
      onClose={onClose}
      submitting={add.isPending}
      onSubmit={form.handleSubmit((values) =>
        add.mutate(values, {
          onSuccess: () => {
            notify.success(BALANCE_MESSAGES.added);
            onClose();
          },
          onError: (error) => reportFormError(error, form.setError, FIELD_NAMES, notify),
        }),
      )}
    >
      <TextField control={form.control} name="accountNum" label="Account Number" type="number" required autoFocus />
      <TextField control={form.control} name="routingNum" label="Routing Number" type="number" required />
      <MoneyField control={form.control} name="amount" label="Amount" required />
      <SelectField control={form.control} name="type" label="Type" options={BALANCE_TYPES} required />
      <TextField control={form.control} name="dateApplied" label="Date Applied" type="date" required />
    </FormDialog>
  );
}
