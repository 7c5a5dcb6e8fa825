import { useState } from 'react';
import Button from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import type { TAgreement, TAgreementProperty } from '@apron/core/agreements';
import { CrudSection, type TCrudColumn } from '../../components/crud-section';
import { MoneyText } from '../../components/money-text';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAddAgreementProperty, useAgreementProperties, usePropertyOptions, useRemoveAgreementProperty } from './api';
import { PropertyItemsDialog } from './property-items-dialog';

function AddPropertyRow({ agreementId, taken }: { agreementId: string; taken: ReadonlySet<string> }) {
  const notify = useNotify();
  const options = usePropertyOptions(true);
  const add = useAddAgreementProperty(agreementId);
  const [propertyId, setPropertyId] = useState('');
  const choices = (options.data ?? []).filter((p) => !taken.has(p._id));
  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: 1, alignItems: { sm: 'center' } }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!propertyId) return;
        add.mutate(propertyId, {
          onSuccess: () => {
            notify.success(SUCCESS_TEXT.added);
            setPropertyId('');
          },
          // 409 'Property already leased for the period.' comes back as the call's message
          onError: (error) => notify.error(error),
        });
      }}
    >
      <MuiTextField
        select
        size="small"
        label="Property"
        value={propertyId}
        onChange={(event) => setPropertyId(event.target.value)}
        disabled={options.isPending || add.isPending}
        sx={{ minWidth: 260 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{options.isPending ? 'Loading properties' : 'Select One'}</option>
        {choices.map((p) => (
          <option key={p._id} value={p._id}>
            {`${p.name} (${p.status})`}
          </option>
        ))}
      </MuiTextField>
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={!propertyId || add.isPending}>
        Add Property
      </Button>
    </Stack>
  );
}

const COLUMNS: readonly TCrudColumn<TAgreementProperty>[] = [
  {
    header: 'Name',
    cell: (row, actions) => (
      <Button variant="text" onClick={() => actions.open(row)} sx={{ textTransform: 'none', p: 0, minWidth: 0 }}>
        {row.name}
      </Button>
    ),
  },
  { header: 'Rent', align: 'right', cell: (row) => <MoneyText dollars={row.rent} /> },
  { header: 'Status', cell: (row) => row.status, hideOnPhone: true },
];

/** The properties of an agreement: name and rent, with its details and (Property admins) Remove. */
export function AgreementProperties({ agreement }: { agreement: TAgreement }) {
  const { abilities } = agreement;
  const list = useAgreementProperties(agreement._id);
  const remove = useRemoveAgreementProperty(agreement._id);
  const rows = list.data ?? [];
  return (
    <CrudSection<TAgreementProperty>
      title="Properties"
      tableLabel="Properties of the agreement"
      query={list}
      rowLabel={(row) => row.name}
      columns={COLUMNS}
      emptyText="No properties on this agreement yet"
      addSlot={abilities.addProperty ? <AddPropertyRow agreementId={agreement._id} taken={new Set(rows.map((r) => r.propertyId))} /> : undefined}
      // deposit, insurances, tenants, documents and remarks of the property
      openAs={() => 'open'}
      renderDialog={(row, close) => row && <PropertyItemsDialog agreement={agreement} property={row} onClose={close} />}
      confirm={
        abilities.removeProperty
          ? {
              label: 'Remove',
              title: 'Remove Property',
              message: (row) => `Remove ${row.name} from this agreement? Its security deposit, insurances and tenants are removed with it.`,
              run: (row) => remove.mutateAsync(row.propertyId),
              successText: 'Removed Successfully',
            }
          : undefined
      }
    />
  );
}
