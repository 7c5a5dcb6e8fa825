import { describeCron } from '@apron/core/settings/cron';
import { isModuleAdmin } from '@apron/core/access';
import type { TMasterInspection } from '@apron/core/inspections';
import { confirmDelete } from '../../components/crud-section';
import { MasterListPage } from '../../components/master-list-page';
import { useAccess } from '../../lib/session';
import { useDeleteMaster, useMasterInspections } from './api';
import { MasterInspectionDialog } from './master-inspection-dialog';

/** `/settings/inspection`: the master inspections; Settings admins (internal) add, edit and delete. */
export function MasterInspectionsSettingsPage() {
  const { user } = useAccess();
  const masters = useMasterInspections();
  const remove = useDeleteMaster();
  return (
    <MasterListPage<TMasterInspection>
      title="Master Inspection"
      query={masters}
      emptyText="No Master Inspection added yet"
      canAdd={!!user?.isInternal && isModuleAdmin(user, 'Settings')}
      columns={[
        { header: 'Module', cell: (row) => (row.adhoc ? 'Adhoc' : (row.module ?? '-')) },
        { header: 'Schedule', cell: (row) => (row.scheduled ? describeCron(row.expression) : 'Not scheduled'), hideOnPhone: true },
        { header: 'Form', cell: (row) => row.formName ?? '-', hideOnPhone: true },
        { header: 'Inspections', cell: (row) => String(row.inspectionCount), align: 'right', hideOnPhone: true },
      ]}
      renderDialog={(row, readOnly, close) => <MasterInspectionDialog row={row} readOnly={readOnly} onClose={close} />}
      confirmDelete={confirmDelete<TMasterInspection>('Master Inspection', (row) => `Delete the master inspection '${row.name}'?`, (row) => remove.mutateAsync(row._id))}
    />
  );
}
