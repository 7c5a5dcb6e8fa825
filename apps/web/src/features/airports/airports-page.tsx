import { useState } from 'react';
import type { z } from 'zod';
import { ZAirportInput, type TAirport } from '@apron/core/airports';
import { CrudSection, type TCrudColumn } from '../../components/crud-section';
import { NoAccess } from '../../components/no-access';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { controlledField } from '../../components/schema-form-fields';
import { TimeZoneField } from '../../components/time-zone-field';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { AirportLogoEditor } from './airport-logo-editor';
import { useAirports, useSaveAirport } from './api/airports';

/** Where the airport's public pages answer: its own host, a path prefix, or the deployment's address. */
function publicAddress(airport: TAirport): string {
  if (airport.publicHost) return airport.publicHost;
  if (airport.pathPrefix) return `/a/${airport.pathPrefix}/`;
  return 'Deployment address';
}

const COLUMNS: readonly TCrudColumn<TAirport>[] = [
  { header: 'Code', cell: (row) => row.code },
  { header: 'Name', cell: (row) => row.name },
  { header: 'Time Zone', cell: (row) => row.timeZone, hideOnPhone: true },
  { header: 'Public Pages', cell: publicAddress, hideOnPhone: true },
  { header: 'Status', cell: (row) => (row.enabled ? 'Enabled' : 'Disabled'), hideOnPhone: true },
];

/** The form's values: its text inputs hold '' for an empty optional value, which the schema turns back into null. */
type TAirportForm = z.input<typeof ZAirportInput>;

function formValues(row: TAirport | null): TAirportForm {
  return {
    code: row?.code ?? '',
    name: row?.name ?? '',
    timeZone: row?.timeZone ?? '',
    address: row?.address ?? '',
    mailFrom: row?.mailFrom ?? '',
    publicHost: row?.publicHost ?? '',
    pathPrefix: row?.pathPrefix ?? '',
  };
}

const FIELDS: readonly TFormFieldSpec<TAirportForm>[] = [
  { name: 'code', label: 'Code', required: true, size: { xs: 12, sm: 4 }, helperText: 'FAA or IATA code, e.g. CXP' },
  { name: 'name', label: 'Name', required: true, size: { xs: 12, sm: 8 } },
  controlledField<TAirportForm>('timeZone', 'Time Zone', (field, error) => (
    <TimeZoneField
      label="Time Zone"
      required
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      helperText="Nights, due dates and scheduled runs follow this zone"
    />
  )),
  { name: 'address', label: 'Address', kind: 'multiline', minRows: 2 },
  { name: 'mailFrom', label: 'Mail Sender', kind: 'email', helperText: "The From address of the airport's e-mail; empty: the deployment's" },
  { name: 'publicHost', label: 'Public Host', half: true, helperText: 'Host name of its public pages, e.g. reliever.example.org' },
  { name: 'pathPrefix', label: 'Path Prefix', half: true, helperText: 'Or a path under the shared host: l12 serves /a/l12/' },
];

function AirportDialog({ row, onClose }: { row: TAirport | null; onClose: () => void }) {
  const save = useSaveAirport(row?.id ?? null);
  // The logo is uploaded at once (not with Save); the dialog shows the new one while it stays open.
  const [logoUrl, setLogoUrl] = useState(row?.logoUrl ?? null);
  return (
    <SchemaFormDialog
      schema={ZAirportInput}
      title={row ? `Edit Airport ${row.code}` : 'Add Airport'}
      defaultValues={formValues(row)}
      fields={FIELDS}
      onSave={(values) => save.mutateAsync(values)}
      successText={row ? SUCCESS_TEXT.updated : SUCCESS_TEXT.created}
      onClose={onClose}
    >
      {() => row && <AirportLogoEditor airportId={row.id} airportName={row.name} logoUrl={logoUrl} onChange={setLogoUrl} />}
    </SchemaFormDialog>
  );
}

function AirportsList() {
  return (
    <CrudSection<TAirport>
      title="Airports"
      frame="page"
      backTo="/settings"
      query={useAirports()}
      rowKey={(row) => row.id}
      rowLabel={(row) => `${row.code} ${row.name}`}
      columns={COLUMNS}
      emptyText="No airports"
      canAdd
      addLabel="Add Airport"
      openAs={() => 'edit'}
      renderDialog={(row, close) => <AirportDialog row={row} onClose={close} />}
    />
  );
}

/**
 * `/settings/airports`: the airports of the deployment, for authority administrators only
 * (others, who may still reach the address, see No Access and nothing is asked of the server).
 */
export function AirportsPage() {
  const { user } = useAccess();
  return user?.isAuthorityAdmin ? <AirportsList /> : <NoAccess />;
}
