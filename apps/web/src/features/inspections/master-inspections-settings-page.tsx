import { describeCron } from '@apron/core/settings/cron';
import { isModuleAdmin } from '@apron/core/access';
import type { TMasterInspection } from '@apron/core/inspections';
import { confirmDelete, CrudSection } from '../../components/crud-section';
import { useAccess } from '../../lib/session';
import { useDeleteMaster, useMasterInspections } from './api';
import { MasterInspectionDialog } from './master-inspection-dialog';

/** `/settings/inspection`: the master inspections; Settings admins (internal) add, edit and delete. */
export function MasterInspectionsSettingsPage() {
  const { user } = useAccess();
  const masters = useMasterInspections();
  const remove = useDeleteMaster();
  const canManage = !!user?.isInternal && isModuleAdmin(user, 'Settings');
  return (
    <CrudSection<TMasterInspection>
      title="Master Inspection"
      frame="page"
      backTo="/settings"
      query={masters}
      rowLabel={(row) => row.name}
      emptyText="No Master Inspection added yet"
      canAdd={canManage}
      addLabel="Create"
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Description', cell: (row) => row.description, hideOnPhone: true },
        { header: 'Module', cell: (row) => (row.adhoc ? 'Adhoc' : (row.module ?? '-')) },
        { header: 'Schedule', cell: (row) => (row.scheduled ? describeCron(row.expression) : 'Not scheduled'), hideOnPhone: true },
        { header: 'Form', cell: (row) => row.formName ?? '-', hideOnPhone: true },
        { header: 'Inspections', cell: (row) => String(row.inspectionCount), align: 'right', hideOnPhone: true },
      ]}
      openAs={(row) => (row.abilities.edit ? 'edit' : 'view')}
      renderDialog={(row, close) => <MasterInspectionDialog row={row} readOnly={!!row && !row.abilities.edit} onClose={close} />}
      confirm={{
        ...confirmDelete<TMasterInspection>('Master Inspection', (row) => `Delete the master inspection '${row.name}'?`, (row) => remove.mutateAsync(row._id)),
        // In use: the server refuses with its message; the button shows for admins on every row.
        can: (row) => row.abilities.edit,
      }}
    />
  );
}
