import { AGREEMENT_STATUSES, ZAgreementInput, type TAgreement, type TAgreementInput, type TAgreementValues } from '@apron/core/agreements';
import type { TSelectOption } from '../../components/form-fields';
import { SchemaForm, type TSaveConfirmation } from '../../components/schema-form';
import type { TFormFieldSpec } from '../../components/schema-form-fields';
import { gasbDefaultValues, gasbFields } from './agreement-gasb-fields';

function defaultValues(agreement: TAgreement | null, ownerId: string | undefined): TAgreementInput {
  if (!agreement) {
    return {
      title: '', agreementNum: '', description: '', status: 'Active', startDate: '', endDate: '', renewable: false, leaseTerms: '',
      tenantId: ownerId ?? '', invoiceCycleId: '', rentAdjustmentType: '', adjustmentDate: '', adjustmentFreq: '',
      ...gasbDefaultValues(null),
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
    ...gasbDefaultValues(agreement),
  };
}

export interface TAgreementSelects {
  owners: TSelectOption[];
  invoiceCycles: TSelectOption[];
  paymentTypes: TSelectOption[];
}

/** End Date shows only with Renewable and is then required (without it the server drops it). */
function agreementFields(selects: TAgreementSelects, renewable: boolean): TFormFieldSpec<TAgreementInput>[] {
  const third = { xs: 12, sm: 4 };
  return [
    { name: 'title', label: 'Agreement Title', required: true, half: true },
    { name: 'agreementNum', label: 'Agreement Number', required: true, half: true },
    { name: 'description', label: 'Description', kind: 'multiline', required: true, minRows: 2 },
    { name: 'tenantId', label: 'Owner', kind: 'select', required: true, options: selects.owners, half: true },
    { name: 'status', label: 'Status', kind: 'select', required: true, options: AGREEMENT_STATUSES, placeholder: '', half: true, helperText: 'Active, Expiring Soon and Expired follow the dates; Archived stays.' },
    { name: 'startDate', label: 'Start Date', kind: 'date', required: true, size: third },
    { name: 'renewable', label: 'Renewable', kind: 'checkbox', size: third },
    ...(renewable ? [{ name: 'endDate', label: 'End Date', kind: 'date', required: true, size: third } as const] : []),
    { name: 'leaseTerms', label: 'Lease Terms', kind: 'multiline', minRows: 2 },
    { name: 'invoiceCycleId', label: 'Invoice Cycle', kind: 'select', required: true, options: selects.invoiceCycles, half: true },
    { name: 'rentAdjustmentType', label: 'Rent Adjustment Type', kind: 'select', required: true, options: selects.paymentTypes, half: true },
    { name: 'adjustmentDate', label: 'Adjustment Start Date', kind: 'date', half: true },
    { name: 'adjustmentFreq', label: 'Adjustment Freq.', kind: 'integer', helperText: 'Months', half: true },
  ];
}

export interface TAgreementFormProps {
  agreement: TAgreement | null;
  /** The owner to start with on a new agreement (`/agreements/add?owner=`). */
  ownerId?: string;
  canEdit: boolean;
  selects: TAgreementSelects;
  /** Sends the values (a mutation's `mutateAsync`); resolves to the saved agreement. */
  onSave: (values: TAgreementValues) => Promise<TAgreement>;
  successText: string;
  onSaved?: (agreement: TAgreement) => void;
  /** Ask before saving these values (archiving). */
  confirm?: (values: TAgreementValues) => TSaveConfirmation | null;
  /** The "Lease accounting (GASB 87)" section: airport staff only (a tenant never sees the airport's judgments). */
  showLeaseAccounting?: boolean;
}

/** Create and edit with the shared `ZAgreementInput` (the same rules the server runs). */
export function AgreementForm({ agreement, ownerId, canEdit, selects, onSave, successText, onSaved, confirm, showLeaseAccounting = false }: TAgreementFormProps) {
  return (
    <SchemaForm
      schema={ZAgreementInput}
      label="Agreement"
      defaultValues={defaultValues(agreement, ownerId)}
      fields={(values) => [
        ...agreementFields(selects, values.renewable === true),
        ...(showLeaseAccounting ? gasbFields({ isNew: !agreement, renewalCertain: values.gasbRenewalCertain === true, disabled: !canEdit }) : []),
      ]}
      dependsOn={['renewable', 'gasbRenewalCertain']}
      onSave={onSave}
      successText={successText}
      onSaved={(answer) => onSaved?.(answer as TAgreement)}
      canEdit={canEdit}
      submitLabel={agreement ? 'Save' : 'Create'}
      confirm={confirm}
    />
  );
}
