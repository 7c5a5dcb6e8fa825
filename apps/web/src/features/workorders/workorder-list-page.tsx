import { useState } from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import PrintIcon from '@mui/icons-material/Print';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '@apron/core/dates';
import { WORKORDER_MESSAGES, type TWorkorderRow } from '@apron/core/workorders/index';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GridPage } from '../../components/grid-page';
import { Loader } from '../../components/loader';
import { RecordLoadError } from '../../components/record-load-error';
import { RowActions, type TRowAction } from '../../components/row-actions';
import { useNotify } from '../../lib/notify';
import { useCompleteWorkorder, useMasterWorkorder, workorderPrintUrl, WORKORDER_GRID_PATH } from './api';
import { CreateWorkorderDialog, EditWorkorderDialog } from './workorder-dialogs';

function workorderActions(row: TWorkorderRow, onEdit: () => void, onComplete: () => void): TRowAction[] {
  return [
    { title: 'View Workorder', label: `View Workorder ${row.refnumber}`, icon: <VisibilityIcon fontSize="small" />, href: `/workorder/view/${row._id}` },
    { title: 'Print Workorder', label: `Print Workorder ${row.refnumber}`, icon: <PrintIcon fontSize="small" />, href: workorderPrintUrl(row._id) },
    { title: 'Edit Workorder', label: `Edit Workorder ${row.refnumber}`, icon: <EditIcon fontSize="small" />, onClick: onEdit, show: row.abilities.edit },
    { title: 'Complete Workorder', label: `Complete Workorder ${row.refnumber}`, icon: <DoneAllIcon fontSize="small" />, onClick: onComplete, show: row.abilities.complete },
  ];
}

function forLabel(row: TWorkorderRow): string {
  if (!row.workorderfor) return '-';
  const date = formatDate(row.workorderfor.createdDate);
  return date && date !== 'NA' ? `${row.workorderfor.name} - ${date}` : row.workorderfor.name;
}

/** `workorder/WorkorderList/{id}`: the work orders of one master, paged and sorted on the server. */
export function WorkorderListPage() {
  const { id = '' } = useParams();
  const master = useMasterWorkorder(id);
  const complete = useCompleteWorkorder();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TWorkorderRow | null>(null);
  const [completing, setCompleting] = useState<TWorkorderRow | null>(null);

  if (master.isPending) return <Loader />;
  if (master.isError) return <RecordLoadError error={master.error} title="Workorders" backTo="/workorder" notFound={WORKORDER_MESSAGES.masterNotFound} />;

  const columns: GridColDef<TWorkorderRow>[] = [
    {
      field: 'actions',
      headerName: 'Action',
      sortable: false,
      width: 170,
      renderCell: ({ row }) => <RowActions actions={workorderActions(row, () => setEditing(row), () => setCompleting(row))} />,
    },
    { field: 'refnumber', headerName: 'Workorder Ref Number', flex: 1, minWidth: 160 },
    { field: 'status', headerName: 'Workorder Status', width: 150 },
    { field: 'name', headerName: 'Contractor Name', flex: 1, minWidth: 150, valueGetter: (_value, row) => row.name || 'Not assigned' },
    { field: 'email', headerName: 'Contractor Email', flex: 1, minWidth: 180 },
    { field: 'workorderfor', headerName: 'Workorder For', flex: 1, minWidth: 180, sortable: false, valueGetter: (_value, row) => forLabel(row) },
    { field: 'createdDate', headerName: 'Created On', width: 170, valueGetter: (_value, row) => formatDateTime(row.createdDate) },
  ];

  const runComplete = async (row: TWorkorderRow) => {
    try {
      const answer = await complete.mutateAsync(row._id);
      notify.success(answer.message);
    } catch (failure) {
      notify.error(failure);
    } finally {
      setCompleting(null);
    }
  };

  return (
    <GridPage<TWorkorderRow>
      header={{ title: master.data.name, subtitle: master.data.description, backTo: '/workorder' }}
      add={master.data.abilities.addWorkorder ? { label: 'Add New Workorder', onClick: () => setAdding(true) } : null}
      path={WORKORDER_GRID_PATH}
      filters={{ workorderId: id }}
      columns={columns}
      ariaLabel={`Work orders of ${master.data.name}`}
      searchable
      initialSort={[{ field: 'createdDate', sort: 'desc' }]}
    >
      {adding && <CreateWorkorderDialog master={master.data} onClose={() => setAdding(false)} />}
      {editing && <EditWorkorderDialog workorder={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!completing}
        title="Complete Workorder"
        message={completing ? `Complete work order ${completing.refnumber}? It can no longer be edited afterwards.` : ''}
        confirmLabel="Complete Workorder"
        busy={complete.isPending}
        onConfirm={() => completing && void runComplete(completing)}
        onCancel={() => setCompleting(null)}
      />
    </GridPage>
  );
}
