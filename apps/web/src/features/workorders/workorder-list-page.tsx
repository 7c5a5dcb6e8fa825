import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import PrintIcon from '@mui/icons-material/Print';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '@apron/core/dates';
import { WORKORDER_MESSAGES, type TWorkorderRow } from '@apron/core/workorders/index';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid } from '../../components/data-grid';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { useNotify } from '../../lib/notify';
import { useCompleteWorkorder, useMasterWorkorder, workorderPrintUrl, WORKORDER_GRID_PATH } from './api';
import { CreateWorkorderDialog, EditWorkorderDialog } from './workorder-dialogs';

function RowActions({ row, onEdit, onComplete }: { row: TWorkorderRow; onEdit: () => void; onComplete: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      <Tooltip title="View Workorder">
        <IconButton size="small" aria-label={`View Workorder ${row.refnumber}`} href={`/workorder/view/${row._id}`} target="_blank" rel="noopener">
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Print Workorder">
        <IconButton size="small" aria-label={`Print Workorder ${row.refnumber}`} href={workorderPrintUrl(row._id)} target="_blank" rel="noopener">
          <PrintIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {row.abilities.edit && (
        <Tooltip title="Edit Workorder">
          <IconButton size="small" aria-label={`Edit Workorder ${row.refnumber}`} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {row.abilities.complete && (
        <Tooltip title="Complete Workorder">
          <IconButton size="small" aria-label={`Complete Workorder ${row.refnumber}`} onClick={onComplete}>
            <DoneAllIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
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
      renderCell: ({ row }) => <RowActions row={row} onEdit={() => setEditing(row)} onComplete={() => setCompleting(row)} />,
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
    <>
      <PageHeader
        title={master.data.name}
        subtitle={master.data.description}
        backTo="/workorder"
        actions={
          master.data.abilities.addWorkorder && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add New Workorder
            </Button>
          )
        }
      />
      <DataGrid<TWorkorderRow>
        path={WORKORDER_GRID_PATH}
        filters={{ workorderId: id }}
        columns={columns}
        ariaLabel={`Work orders of ${master.data.name}`}
        searchable
        initialSort={[{ field: 'createdDate', sort: 'desc' }]}
      />
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
    </>
  );
}
