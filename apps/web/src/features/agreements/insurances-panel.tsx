import Chip from '@mui/material/Chip';
import { calendarDate } from '@apron/core/dates';
import { insuranceDefaultDates, ZInsuranceUpdate, type TInsurance, type TInsuranceUpdate } from '@apron/core/agreements';
import type { TCrudColumn } from '../../components/crud-section';
import { RecordListTab, type TRecordList } from '../../components/record-list-tab';
import { DateText } from '../../components/date-text';
import { MoneyText } from '../../components/money-text';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useDeleteInsurance, useInsuranceTypes, useSaveInsurance } from './api';

const COLUMNS: readonly TCrudColumn<TInsurance>[] = [
  { header: 'Insurance Type', cell: (row) => row.insuranceTypeName },
  { header: 'Max Coverage', align: 'right', cell: (row) => <MoneyText dollars={row.maxCoverageAmount} /> },
  { header: 'Start Date', cell: (row) => <DateText value={row.startDate} />, hideOnPhone: true },
  { header: 'End Date', cell: (row) => <DateText value={row.endDate} /> },
  {
    header: 'Approved',
    cell: (row) => <Chip size="small" label={row.isApproved ? 'Approved' : 'Not Approved'} color={row.isApproved ? 'success' : 'default'} />,
  },
];

const INSURANCES: TRecordList<TInsurance> = { title: 'Insurances', rowLabel: (row) => row.insuranceTypeName, columns: COLUMNS, emptyText: 'No insurances recorded', addLabel: 'Add Insurance' };

function defaultValues(insurance: TInsurance | null): TInsuranceUpdate {
  if (!insurance) {
    // spec: start today, end one year later
    return { insuranceType: '', maxCoverageAmount: undefined as unknown as number, ...insuranceDefaultDates(calendarDate(new Date())), isApproved: false };
  }
  const { insuranceType, maxCoverageAmount, startDate, endDate, isApproved } = insurance;
  return { insuranceType, maxCoverageAmount, startDate, endDate, isApproved };
}

function InsuranceDialog(props: { agreementId: string; propertyId: string; insurance: TInsurance | null; canApprove: boolean; onClose: () => void }) {
  const { agreementId, propertyId, insurance, canApprove, onClose } = props;
  const types = useInsuranceTypes(true);
  const save = useSaveInsurance(agreementId, propertyId);
  const typeOptions = (types.data ?? []).map((t) => ({ value: t._id, label: String(t.name ?? '') }));
  if (insurance && !typeOptions.some((o) => o.value === insurance.insuranceType)) typeOptions.unshift({ value: insurance.insuranceType, label: insurance.insuranceTypeName });
  const fields: TFormFieldSpec<TInsuranceUpdate>[] = [
    { name: 'insuranceType', label: 'Insurance Type', kind: 'select', options: typeOptions, required: true },
    { name: 'maxCoverageAmount', label: 'Max Coverage Amount', kind: 'money', required: true },
    { name: 'startDate', label: 'Start Date', kind: 'date', required: true, half: true },
    { name: 'endDate', label: 'End Date', kind: 'date', required: true, half: true },
  ];
  if (canApprove) fields.push({ name: 'isApproved', label: 'Approved', kind: 'checkbox' });
  return (
    <SchemaFormDialog
      schema={ZInsuranceUpdate}
      title={insurance ? 'Edit Insurance' : 'Add Insurance'}
      defaultValues={defaultValues(insurance)}
      fields={fields}
      // only Lease admins may change the approval; others send it unchanged
      onSave={(values) => save.mutateAsync({ id: insurance?._id ?? null, body: { ...values, isApproved: canApprove ? values.isApproved : insurance?.isApproved } })}
      successText={insurance ? SUCCESS_TEXT.updated : SUCCESS_TEXT.added}
      onClose={onClose}
    />
  );
}

/** The insurances of one property of the agreement: list, add, edit, delete (Lease or Property admins). */
export function InsurancesPanel(props: { agreementId: string; propertyId: string; insurances: TInsurance[]; canEdit: boolean; canApprove: boolean }) {
  const { agreementId, propertyId, insurances, canEdit, canApprove } = props;
  const remove = useDeleteInsurance(agreementId, propertyId);
  return (
    <RecordListTab<TInsurance>
      list={INSURANCES}
      rows={insurances}
      canEdit={canEdit}
      renderDialog={(row, close) => (
        <InsuranceDialog agreementId={agreementId} propertyId={propertyId} insurance={row} canApprove={canApprove} onClose={close} />
      )}
      remove={{ noun: 'Insurance', message: (row) => `Delete the ${row.insuranceTypeName} insurance?`, run: (row) => remove.mutateAsync(row._id) }}
    />
  );
}
