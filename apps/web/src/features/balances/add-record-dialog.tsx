import {
  BALANCE_MESSAGES,
  BALANCE_PAID_BY,
  BALANCE_TYPES,
  ZBalanceRecordByKind,
  type TBalanceRecordCreateInput,
} from '@apron/core/balances';
import { calendarDate } from '@apron/core/dates';
import { useMoneyAttempt } from '../../lib/money-attempt';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { useAddBalanceRecord } from './api';

type TField = TFormFieldSpec<TBalanceRecordCreateInput>;

const PAID_BY: TField = { name: 'paidBy', label: 'Paid By', kind: 'select', options: BALANCE_PAID_BY, required: true, placeholder: '' };
// check numbers are digits typed as text: a number input drops leading zeros and accepts '1e5'
const CHECK_FIELDS: readonly TField[] = [
  { name: 'accountNum', label: 'Account Number', kind: 'digits', required: true, half: true },
  { name: 'routingNum', label: 'Routing Number', kind: 'digits', required: true, half: true },
];
const CASH_FIELDS: readonly TField[] = [{ name: 'comment', label: 'Comment', kind: 'multiline', minRows: 2, required: true }];
const RECORD_FIELDS: readonly TField[] = [
  { name: 'amount', label: 'Amount', kind: 'money', required: true },
  { name: 'type', label: 'Type', kind: 'select', options: BALANCE_TYPES, required: true, placeholder: '', half: true },
  { name: 'dateApplied', label: 'Date Applied', kind: 'date', required: true, half: true },
];

/**
 * Add Record (Company admins): Paid By Cash (a comment) or Check (account and routing numbers),
 * amount, Credit/Debit, date applied (spec doc 1).
 */
export function AddRecordDialog(props: { companyId: string; open: boolean; onClose: () => void }) {
  const { companyId, open, onClose } = props;
  const add = useAddBalanceRecord(companyId);
  const attempt = useMoneyAttempt();
  if (!open) return null;
  return (
    <SchemaFormDialog
      schema={ZBalanceRecordByKind}
      title="Add Record"
      defaultValues={{ tenantId: companyId, paidBy: 'Cash', comment: '', amount: undefined as unknown as number, type: 'Credit', dateApplied: calendarDate(new Date()) }}
      fields={(values) => [PAID_BY, ...(values.paidBy === 'Check' ? CHECK_FIELDS : CASH_FIELDS), ...RECORD_FIELDS]}
      onSave={(values) => attempt.run(JSON.stringify(values), (idempotencyKey) => add.mutateAsync({ body: values, idempotencyKey }))}
      successText={BALANCE_MESSAGES.added}
      onClose={onClose}
    />
  );
}
