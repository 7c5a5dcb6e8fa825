import Typography from '@mui/material/Typography';
import { DEPOSIT_PAYMENT_METHODS, ZSecurityDepositInput, type TSecurityDeposit, type TSecurityDepositInput } from '@apron/core/agreements';
import { SchemaForm } from '../../components/schema-form';
import type { TFormFieldSpec } from '../../components/schema-form-fields';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useSaveDeposit } from './api';

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

const DEPOSIT_FIELDS: TFormFieldSpec<TSecurityDepositInput>[] = [
  { name: 'amount', label: 'Amount', kind: 'money', required: true, half: true },
  { name: 'paymentMethod', label: 'Payment Method', kind: 'select', options: DEPOSIT_PAYMENT_METHODS, half: true },
  { name: 'received', label: 'Received', kind: 'checkbox', size: 6 },
  { name: 'returned', label: 'Returned', kind: 'checkbox', size: 6 },
  { name: 'paymentDate', label: 'Payment Date', kind: 'date', half: true },
  { name: 'returnDate', label: 'Return Date', kind: 'date', half: true },
  { name: 'returnDesc', label: 'Return Description', kind: 'multiline', minRows: 2 },
];

/** The deposit form inside the property's panel (framed by it), its Save button named for it. */
const DEPOSIT_FORM = { schema: ZSecurityDepositInput, label: 'Security Deposit', fields: DEPOSIT_FIELDS, successText: SUCCESS_TEXT.updated, submitLabel: 'Save Deposit', frame: 'none' } as const;

/** The security deposit of one property of the agreement (Property admins edit). */
export function DepositForm(props: { agreementId: string; propertyId: string; deposit: TSecurityDeposit | null; canEdit: boolean }) {
  const { agreementId, propertyId, deposit, canEdit } = props;
  const save = useSaveDeposit(agreementId, propertyId);
  if (!canEdit && !deposit) return <Typography color="text.secondary">No security deposit recorded</Typography>;
  return <SchemaForm {...DEPOSIT_FORM} defaultValues={defaultValues(deposit)} onSave={save.mutateAsync} canEdit={canEdit} />;
}
