import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeCron, type TMasterTypeName } from '@apron/core/settings';
import { isModuleAdmin } from '@apron/core/access';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, listQueryKey } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { apiFetch } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { MasterDataDialog, masterDefinition, type TMasterRow } from './master-data-dialog';

function rowLabel(row: TMasterRow): string {
  return typeof row.name === 'string' ? row.name : 'row';
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A Settings master-data type: a server-paged grid, editable by Settings admins. */
export function MasterDataPage({ type }: { type: TMasterTypeName }) {
  const definition = masterDefinition(type);
  const { user } = useAccess();
  const isAdmin = isModuleAdmin(user, 'Settings');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [editing, setEditing] = useState<TMasterRow | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TMasterRow | null>(null);
  const path = `/Crud/${type}`;

  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<{ message?: string }>(`${path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (body) => {
      setToDelete(null);
      notify.success(body?.message ?? 'Deleted Successfully');
      return queryClient.invalidateQueries({ queryKey: listQueryKey(path) });
    },
    onError: (error) => {
      setToDelete(null);
      notify.error(error);
    },
  });

  const columns = useMemo<GridColDef<TMasterRow>[]>(() => {
    const cols: GridColDef<TMasterRow>[] = definition.fields
      .filter((field) => field.inGrid)
      .map((field) => ({
        field: field.name,
        headerName: field.label,
        flex: 1,
        minWidth: field.kind === 'cron' ? 200 : 130,
        valueFormatter: (value: unknown) => (field.kind === 'cron' && typeof value === 'string' ? describeCron(value) : cellText(value)),
      }));
    if (isAdmin) {
      cols.push({
        field: 'actions',
        headerName: 'Actions',
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: 120,
        renderCell: ({ row }) => (
          <Stack direction="row" sx={{ height: '100%', alignItems: 'center' }}>
            <IconButton size="small" aria-label={`Edit ${rowLabel(row)}`} onClick={() => setEditing(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
            {definition.deletable && (
              <IconButton size="small" aria-label={`Delete ${rowLabel(row)}`} onClick={() => setToDelete(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ),
      });
    }
    return cols;
  }, [definition, isAdmin]);

  return (
    <>
      <PageHeader
        title={definition.label}
        backTo="/settings"
        actions={
          isAdmin && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add
            </Button>
          )
        }
      />
      <DataGrid<TMasterRow> path={path} columns={columns} searchable ariaLabel={definition.label} />
      {editing !== null && <MasterDataDialog type={type} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete"
        message={`Delete ${toDelete ? rowLabel(toDelete) : ''}? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete._id)}
      />
    </>
  );
}
