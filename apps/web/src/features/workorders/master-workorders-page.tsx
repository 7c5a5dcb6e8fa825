import { isInternal, isModuleAdmin } from '@apron/core/access';
import { WORKORDER_MESSAGES, type TMasterWorkorder } from '@apron/core/workorders/index';
import { CrudSection, confirmDelete } from '../../components/crud-section';
import { useAccess } from '../../lib/session';
import { useDeleteMasterWorkorder, useMasterWorkorders } from './api';
import { MasterWorkorderDialog } from './master-workorder-dialog';

/** `/settings/workorder`: the master work orders. Create only for internal Settings admins. */
export function MasterWorkordersPage() {
  const { user } = useAccess();
  const masters = useMasterWorkorders();
  const remove = useDeleteMasterWorkorder();
  const canAdd = isInternal(user) && isModuleAdmin(user, 'Settings');
  return (
    <CrudSection<TMasterWorkorder>
      frame="page"
      title="Master Workorder"
      backTo="/settings"
      query={masters}
      rowLabel={(row) => row.name}
      emptyText={WORKORDER_MESSAGES.noMasters}
      canAdd={canAdd}
      addLabel="Create"
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Description', cell: (row) => row.description, hideOnPhone: true },
        { header: 'Adhoc', cell: (row) => (row.adhoc ? 'Yes' : 'No') },
        { header: 'Workorders', cell: (row) => row.workorderCount, align: 'right', hideOnPhone: true },
      ]}
      openAs={(row) => (row.abilities.edit ? 'edit' : 'view')}
      renderDialog={(row, close) => <MasterWorkorderDialog master={row} readOnly={!!row && !row.abilities.edit} onClose={close} />}
      confirm={{
        ...confirmDelete<TMasterWorkorder>('Master Workorder', (row) => `Delete the master work order '${row.name}'?`, (row) => remove.mutateAsync(row._id)),
        can: (row) => row.abilities.edit,
      }}
    />
  );
}
