import { isModuleAdmin } from '@apron/core/access';
import { formatDateTime } from '@apron/core/dates';
import { formatMoney } from '@apron/core/money-format';
import { ZTiedownRateUpdate, type TTiedownRate } from '@apron/core/tiedowns';
import { CrudSection, type TCrudColumn } from '../../components/crud-section';
import { SchemaFormDialog } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { useTiedownRates, useUpdateRate } from './api';

const COLUMNS: readonly TCrudColumn<TTiedownRate>[] = [
  { header: 'Aircraft Type', cell: (row) => row.airCraftType },
  { header: 'Per night', cell: (row) => formatMoney(Math.round(row.rate * 100)), align: 'right' },
  { header: 'Changed', cell: (row) => formatDateTime(row.updatedAt), hideOnPhone: true },
];

function RateDialog({ row, onClose }: { row: TTiedownRate; onClose: () => void }) {
  const save = useUpdateRate(row.airCraftType);
  return (
    <SchemaFormDialog
      schema={ZTiedownRateUpdate}
      title={`Nightly rate: ${row.airCraftType}`}
      defaultValues={{ rate: row.rate }}
      fields={[{ name: 'rate', label: 'Rate per night', kind: 'money', required: true, helperText: 'Charged per night for new parking requests; requests already made keep their rate.' }]}
      onSave={(values) => save.mutateAsync(values)}
      successText={SUCCESS_TEXT.updated}
      onClose={onClose}
      maxWidth="xs"
    />
  );
}

/**
 * `/settings/tiedownRates`: the nightly parking rate of each of the six aircraft types of doc 2
 * §9 (PRODUCT-RULES 9). Settings users read it; Settings admins change a rate. The list of types
 * is the spec's and is not edited.
 */
export function TiedownRatesPage() {
  const { user } = useAccess();
  const canEdit = isModuleAdmin(user, 'Settings');
  return (
    <CrudSection<TTiedownRate>
      title="Parking Rates"
      frame="page"
      backTo="/settings"
      query={useTiedownRates()}
      rowKey={(row) => row.airCraftType}
      rowLabel={(row) => row.airCraftType}
      columns={COLUMNS}
      emptyText="No rates"
      openAs={() => (canEdit ? 'edit' : null)}
      renderDialog={(row, close) => row && <RateDialog row={row} onClose={close} />}
    />
  );
}
