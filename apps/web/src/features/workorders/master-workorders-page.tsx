import { isInternal, isModuleAdmin } from '@apron/core/access';
import { WORKORDER_MESSAGES, type TMasterWorkorder } from '@apron/core/workorders/index';
import { confirmDelete } from '../../components/crud-section';
import { MasterListPage } from '../../components/master-list-page';
import { useAccess } from '../../lib/session';
import { useDeleteMasterWorkorder, useMasterWorkorders } from './api';
import { MasterWorkorderDialog } from './master-workorder-dialog';

/** `/settings/workorder`: the master work orders. Create only for internal Settings admins. */
export function MasterWorkordersPage() {
  const { user } = useAccess();
  const masters = useMasterWorkorders();
  const remove = useDeleteMasterWorkorder();
  return (
    <MasterListPage<TMasterWorkorder>
      title="Master Workorder"
      query={masters}
      emptyText={WORKORDER_MESSAGES.noMasters}
      canAdd={isInternal(user) && isModuleAdmin(user, 'Settings')}
      columns={[
        { header: 'Adhoc', cell: (row) => (row.adhoc ? 'Yes' : 'No') },
        { header: 'Workorders', cell: (row) => row.workorderCount, align: 'right', hideOnPhone: true },
      ]}
      renderDialog={(row, readOnly, close) => <MasterWorkorderDialog master={row} readOnly={readOnly} onClose={close} />}
      confirmDelete={confirmDelete<TMasterWorkorder>('Master Workorder', (row) => `Delete the master work order '${row.name}'?`, (row) => remove.mutateAsync(row._id))}
    />
  );
}
