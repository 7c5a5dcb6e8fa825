import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { describeCron, type TMasterTypeName } from '@apron/core/settings';
import { hasModule, isModuleAdmin } from '@apron/core/access';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { CrudSection } from '../../components/crud-section';
import { DataGrid } from '../../components/data-grid';
import { useAccess } from '../../lib/session';
import { masterPath, useDeleteMasterRow, type TMasterRow } from './api';
import { MasterDataDialog, masterDefinition } from './master-data-dialog';

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
  const deleteRow = useDeleteMasterRow(type);
  const path = masterPath(type);

  const columns = useMemo<GridColDef<TMasterRow>[]>(
    () =>
      definition.fields
        .filter((field) => field.inGrid)
        .map((field) => ({
          field: field.name,
          headerName: field.label,
          flex: 1,
          minWidth: field.kind === 'cron' ? 200 : 130,
          valueFormatter: (value: unknown) => (field.kind === 'cron' && typeof value === 'string' ? describeCron(value) : cellText(value)),
        })),
    [definition],
  );
  // Invoice cycles: Invoices staff preview a cycle's next billing run (features/billing-runs, by its route).
  const previewColumn = useMemo<GridColDef<TMasterRow> | null>(
    () =>
      type === 'invoiceCycles' && hasModule(user, 'Invoices')
        ? {
            field: 'preview',
            headerName: 'Next run',
            sortable: false,
            minWidth: 170,
            renderCell: ({ row }) => (
              <Button component={RouterLink} to={`/invoices/cycles/${encodeURIComponent(row._id)}/preview`} size="small" aria-label={`Preview next run of ${rowLabel(row)}`}>
                Preview next run
              </Button>
            ),
          }
        : null,
    [type, user],
  );
  const gridColumns = previewColumn ? [...columns, previewColumn] : columns;

  return (
    <CrudSection<TMasterRow>
      title={definition.label}
      frame="page"
      backTo="/settings"
      rowLabel={rowLabel}
      grid={(actions) => <DataGrid<TMasterRow> path={path} columns={actions ? [...gridColumns, actions] : gridColumns} searchable ariaLabel={definition.label} />}
      canAdd={isAdmin}
      openAs={() => (isAdmin ? 'edit' : null)}
      renderDialog={(row, close) => <MasterDataDialog type={type} row={row} onClose={close} />}
      confirm={
        isAdmin && definition.deletable
          ? {
              label: 'Delete',
              title: 'Delete',
              message: (row) => `Delete ${rowLabel(row)}? This cannot be undone.`,
              run: (row) => deleteRow(row._id),
            }
          : undefined
      }
    />
  );
}
