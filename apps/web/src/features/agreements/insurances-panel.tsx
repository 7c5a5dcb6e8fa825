import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { calendarDate } from '@apron/core/dates';
import { CERTIFICATE_ACCEPT, certificateFileProblem, insuranceDefaultDates, ZInsuranceUpdate, type TInsurance, type TInsuranceUpdate } from '@apron/core/agreements';
import { certificateFields } from '../../components/certificate-fields';
import { CheckedFileField } from '../../components/checked-file-field';
import type { TCrudColumn } from '../../components/crud-section';
import { RecordListTab, type TRecordList } from '../../components/record-list-tab';
import { DateText } from '../../components/date-text';
import { MoneyText } from '../../components/money-text';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useDeleteInsurance, useInsuranceTypes, useSaveInsurance } from './api';

const APPROVAL_COLOR = { Pending: 'default', Approved: 'success', Rejected: 'error' } as const;

const COLUMNS: readonly TCrudColumn<TInsurance>[] = [
  { header: 'Insurance Type', cell: (row) => row.insuranceTypeName },
  { header: 'Carrier', cell: (row) => row.carrier || '—', hideOnPhone: true },
  { header: 'Per Occurrence', align: 'right', cell: (row) => <MoneyText dollars={row.perOccurrenceLimit ?? row.maxCoverageAmount} /> },
  { header: 'Start Date', cell: (row) => <DateText value={row.startDate} />, hideOnPhone: true },
  { header: 'End Date', cell: (row) => <DateText value={row.endDate} /> },
  {
    header: 'Certificate',
    cell: (row) =>
      row.certificate ? (
        <Link href={row.certificate.url} target="_blank" rel="noopener" onClick={(event) => event.stopPropagation()}>
          {row.certificate.fileName}
        </Link>
      ) : (
        'None'
      ),
    hideOnPhone: true,
  },
  {
    header: 'Approval',
    // Approve and Reject live in the agreement's Insurance compliance section (one way to approve).
    cell: (row) => {
      const status = row.approvalStatus ?? (row.isApproved ? 'Approved' : 'Pending');
      return <Chip size="small" label={status === 'Pending' ? 'Pending approval' : status} color={APPROVAL_COLOR[status]} />;
    },
  },
];

const INSURANCES: TRecordList<TInsurance> = { title: 'Insurances', rowLabel: (row) => row.insuranceTypeName, columns: COLUMNS, emptyText: 'No insurances recorded', addLabel: 'Add Insurance' };

function defaultValues(insurance: TInsurance | null): TInsuranceUpdate {
  if (!insurance) {
    // spec: start today, end one year later
    return {
      insuranceType: '', maxCoverageAmount: undefined as unknown as number, ...insuranceDefaultDates(calendarDate(new Date())),
      carrier: '', policyNumber: '', additionalInsured: false, waiverOfSubrogation: false,
    } as TInsuranceUpdate;
  }
  const { insuranceType, maxCoverageAmount, startDate, endDate } = insurance;
  return {
    insuranceType, maxCoverageAmount, startDate, endDate,
    carrier: insurance.carrier ?? '', policyNumber: insurance.policyNumber ?? '',
    perOccurrenceLimit: insurance.perOccurrenceLimit ?? maxCoverageAmount, aggregateLimit: insurance.aggregateLimit ?? maxCoverageAmount,
    additionalInsured: insurance.additionalInsured ?? false, waiverOfSubrogation: insurance.waiverOfSubrogation ?? false,
  };
}

const FIELDS_AFTER_TYPE = certificateFields<TInsuranceUpdate>({
  partiesRequired: false,
  limitsBefore: [{ name: 'maxCoverageAmount', label: 'Max Coverage Amount', kind: 'money', required: true }],
});

function InsuranceDialog(props: { agreementId: string; propertyId: string; insurance: TInsurance | null; onClose: () => void }) {
  const { agreementId, propertyId, insurance, onClose } = props;
  const types = useInsuranceTypes(true);
  const save = useSaveInsurance(agreementId, propertyId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(insurance?._id ?? null);
  const typeOptions = (types.data ?? []).map((t) => ({ value: t._id, label: String(t.name ?? '') }));
  if (insurance && !typeOptions.some((o) => o.value === insurance.insuranceType)) typeOptions.unshift({ value: insurance.insuranceType, label: insurance.insuranceTypeName });
  const fields: TFormFieldSpec<TInsuranceUpdate>[] = [{ name: 'insuranceType', label: 'Insurance Type', kind: 'select', options: typeOptions, required: true }, ...FIELDS_AFTER_TYPE];
  return (
    <SchemaFormDialog
      schema={ZInsuranceUpdate}
      title={insurance ? 'Edit Insurance' : 'Add Insurance'}
      defaultValues={defaultValues(insurance)}
      fields={fields}
      // the approval is not a form field: staff approve or reject the certificate in the compliance section
      onSave={(values) => save.mutateAsync({ id: savedId, body: values, certificate: file, onSaved: setSavedId })}
      successText={insurance ? SUCCESS_TEXT.updated : SUCCESS_TEXT.added}
      onClose={onClose}
    >
      {() => (
        <CheckedFileField
          label={insurance?.certificate ? 'Replace certificate (PDF or image)' : 'Certificate (PDF or image)'}
          accept={CERTIFICATE_ACCEPT}
          check={certificateFileProblem}
          file={file}
          onChange={setFile}
          error={fileError}
          onError={setFileError}
        />
      )}
    </SchemaFormDialog>
  );
}

/** The insurances of one property of the agreement: list, add, edit, delete (Lease or Property admins). */
export function InsurancesPanel(props: { agreementId: string; propertyId: string; insurances: TInsurance[]; canEdit: boolean }) {
  const { agreementId, propertyId, insurances, canEdit } = props;
  const remove = useDeleteInsurance(agreementId, propertyId);
  return (
    <RecordListTab<TInsurance>
      list={INSURANCES}
      rows={insurances}
      canEdit={canEdit}
      renderDialog={(row, close) => <InsuranceDialog agreementId={agreementId} propertyId={propertyId} insurance={row} onClose={close} />}
      remove={{ noun: 'Insurance', message: (row) => `Delete the ${row.insuranceTypeName} insurance?`, run: (row) => remove.mutateAsync(row._id) }}
    />
  );
}
