import {
  AIRCRAFT_INSURANCE,
  AIRCRAFT_OWNER_KINDS,
  AIRCRAFT_TYPES,
  ZAircraftUpdate,
  type TAircraft,
  type TAircraftUpdate,
} from '@apron/core/agreements';
import type { TCrudColumn } from '../../components/crud-section';
import { RecordListTab, type TRecordList } from '../../components/record-list-tab';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useDeleteAircraft, useSaveAircraft } from './api';

const AIRCRAFT_FIELDS: readonly TFormFieldSpec<TAircraftUpdate>[] = [
  { name: 'tailNumber', label: 'Tail Number', required: true, half: true },
  { name: 'airCraftType', label: 'Aircraft Type', kind: 'select', options: AIRCRAFT_TYPES, required: true, half: true },
  { name: 'make', label: 'Make', half: true },
  { name: 'model', label: 'Model', half: true },
  { name: 'ownerortennat', label: 'Owner or Tenant', kind: 'select', options: AIRCRAFT_OWNER_KINDS, required: true, half: true },
  { name: 'owner', label: 'Owner', half: true },
  { name: 'address1', label: 'Address 1', half: true },
  { name: 'address2', label: 'Address 2', half: true },
  { name: 'insurance', label: 'Insurance', kind: 'select', options: AIRCRAFT_INSURANCE, placeholder: '', half: true },
  { name: 'email', label: 'Email', kind: 'email', half: true },
  { name: 'start', label: 'Start', kind: 'date', half: true },
  { name: 'end', label: 'End', kind: 'date', half: true },
  { name: 'facilitycode', label: 'Facility Code', half: true },
  { name: 'accesscardno', label: 'Access Card No.', half: true },
  { name: 'faaRegistry', label: 'FAA Registry' },
  { name: 'comments', label: 'Comments', kind: 'multiline', minRows: 2 },
];

const COLUMNS: readonly TCrudColumn<TAircraft>[] = [
  { header: 'Tail Number', cell: (row) => row.tailNumber },
  { header: 'Make / Model', cell: (row) => [row.make, row.model].filter(Boolean).join(' ') || 'NA', hideOnPhone: true },
  { header: 'Type', cell: (row) => row.airCraftType },
  { header: 'Owner or Tenant', cell: (row) => row.ownerortennat, hideOnPhone: true },
  { header: 'Insurance', cell: (row) => row.insurance, hideOnPhone: true },
];

const TENANTS: TRecordList<TAircraft> = { title: 'Tenants', rowLabel: (row) => row.tailNumber, columns: COLUMNS, emptyText: 'No tenants recorded', addLabel: 'Add Tenant', readersView: true };

function defaultValues(aircraft: TAircraft | null): TAircraftUpdate {
  return {
    tailNumber: aircraft?.tailNumber ?? '',
    make: aircraft?.make ?? '',
    model: aircraft?.model ?? '',
    airCraftType: aircraft?.airCraftType ?? ('' as TAircraftUpdate['airCraftType']),
    ownerortennat: aircraft?.ownerortennat ?? ('' as TAircraftUpdate['ownerortennat']),
    owner: aircraft?.owner ?? '',
    address1: aircraft?.address1 ?? '',
    address2: aircraft?.address2 ?? '',
    insurance: aircraft?.insurance ?? 'N/A',
    start: aircraft?.start ?? '',
    end: aircraft?.end ?? '',
    facilitycode: aircraft?.facilitycode ?? '',
    accesscardno: aircraft?.accesscardno ?? '',
    email: aircraft?.email ?? '',
    comments: aircraft?.comments ?? '',
    faaRegistry: aircraft?.faaRegistry ?? '',
  };
}

/** Tenants of one property of the agreement: the aircraft records (Lease or Property admins edit, others view). */
export function AircraftPanel(props: { agreementId: string; propertyId: string; aircraft: TAircraft[]; canEdit: boolean }) {
  const { agreementId, propertyId, aircraft, canEdit } = props;
  const save = useSaveAircraft(agreementId, propertyId);
  const remove = useDeleteAircraft(agreementId, propertyId);
  return (
    <RecordListTab<TAircraft>
      list={TENANTS}
      rows={aircraft}
      canEdit={canEdit}
      renderDialog={(row, close) => (
        <SchemaFormDialog
          schema={ZAircraftUpdate}
          maxWidth="md"
          title={!canEdit ? `Tenant ${row?.tailNumber ?? ''}` : row ? 'Edit Tenant' : 'Add Tenant'}
          readOnly={!canEdit}
          defaultValues={defaultValues(row)}
          fields={AIRCRAFT_FIELDS}
          onSave={(body) => save.mutateAsync({ id: row?._id ?? null, body })}
          successText={row ? SUCCESS_TEXT.updated : SUCCESS_TEXT.added}
          onClose={close}
        />
      )}
      remove={{ noun: 'Tenant', message: (row) => `Delete the tenant record ${row.tailNumber}?`, run: (row) => remove.mutateAsync(row._id) }}
    />
  );
}
