import EditIcon from '@mui/icons-material/Edit';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '@apron/core/dates';
import type { TInspection } from '@apron/core/inspections';
import { RowActions } from '../../components/row-actions';

/** 'View Inspection' opens the filled form read-only in a new tab. */
export const viewHref = (row: TInspection) => `/inspection/view/${encodeURIComponent(row._id)}`;

/**
 * The inspection grid's columns (spec: Action, Inspection Status, Inspector Name, Inspector
 * Email, Created On, Inspection For). Edit and Complete are offered from the server's abilities,
 * so a Completed row keeps only its view icon.
 */
export function inspectionColumns(actions: { onEdit?: (row: TInspection) => void; onFill: (row: TInspection) => void }): GridColDef<TInspection>[] {
  return [
    {
      field: 'actions',
      headerName: 'Action',
      sortable: false,
      minWidth: 140,
      renderCell: ({ row }) => (
        <RowActions
          actions={[
            { title: 'View Inspection', label: `View Inspection ${row.inspectionfor?.name ?? ''}`.trim(), icon: <VisibilityIcon fontSize="small" />, href: viewHref(row) },
            { title: 'Edit Inspection', icon: <EditIcon fontSize="small" />, onClick: () => actions.onEdit?.(row), show: !!actions.onEdit && row.abilities.edit },
            { title: 'Complete Inspection', icon: <TaskAltIcon fontSize="small" />, onClick: () => actions.onFill(row), show: row.abilities.complete },
          ]}
        />
      ),
    },
    { field: 'status', headerName: 'Inspection Status', minWidth: 150 },
    { field: 'name', headerName: 'Inspector Name', flex: 1, minWidth: 150, valueGetter: (value: string) => value || 'Not assigned' },
    { field: 'email', headerName: 'Inspector Email', flex: 1, minWidth: 190 },
    { field: 'createdDate', headerName: 'Created On', minWidth: 160, valueFormatter: (value: string) => formatDateTime(value) },
    { field: 'inspectionfor', headerName: 'Inspection For', flex: 1, minWidth: 160, valueGetter: (value: TInspection['inspectionfor']) => value?.name ?? '-' },
  ];
}
