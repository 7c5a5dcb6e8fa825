import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { DataGrid as MuiDataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@apron/core/common/list';
import { isModuleAdmin } from '@apron/core/access';
import type { TPropertyArea, TPropertyAttribute, TPropertyType } from '@apron/core/properties';
import { CrudSection } from '../../components/crud-section';
import { errorMessage } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useDeleteMasterRow, usePropertyAreas, usePropertyAttributes, usePropertyTypes, type TMasterKind } from './api/master-data';
import { AreaDialog, AttributeDialog, TypeDialog } from './master-data-dialogs';

type TRow = GridValidRowModel & { _id: string; name: string };

interface TMasterListProps<R extends TRow> {
  kind: TMasterKind;
  title: string;
  query: UseQueryResult<R[]>;
  columns: GridColDef<R>[];
  renderDialog: (row: R | null, onClose: () => void) => ReactNode;
}

/** Master data is edited by Settings admins and Property admins (reached from both places). */
function useCanWriteMasterData(): boolean {
  const { user } = useAccess();
  return isModuleAdmin(user, 'Property') || isModuleAdmin(user, 'Settings');
}

/** Back goes where the person came from: Settings or Properties. */
function useBackTo(): string {
  return useLocation().pathname.startsWith('/settings') ? '/settings' : '/properties';
}

/** A small list loaded whole (types, attributes, areas): client paging and sorting, edit and delete. */
function MasterListPage<R extends TRow>({ kind, title, query, columns, renderDialog }: TMasterListProps<R>) {
  const canWrite = useCanWriteMasterData();
  const backTo = useBackTo();
  const remove = useDeleteMasterRow(kind);
  return (
    <CrudSection<R>
      title={title}
      frame="page"
      backTo={backTo}
      rowLabel={(row) => row.name}
      canAdd={canWrite}
      openAs={() => (canWrite ? 'edit' : null)}
      renderDialog={renderDialog}
      grid={(actions) => (
        <MuiDataGrid<R>
          aria-label={title}
          rows={query.data ?? []}
          columns={actions ? [...columns, actions] : columns}
          getRowId={(row) => row._id}
          loading={query.isPending}
          initialState={{ pagination: { paginationModel: { page: 0, pageSize: DEFAULT_PAGE_SIZE } }, sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          disableRowSelectionOnClick
          autoHeight
          localeText={{ noRowsLabel: query.isError ? errorMessage(query.error) : 'No rows' }}
          sx={{ bgcolor: 'background.paper' }}
        />
      )}
      confirm={
        canWrite
          ? {
              label: 'Delete',
              title: 'Delete',
              message: (row) => `Delete ${row.name}? This cannot be undone.`,
              // e.g. 409 "The property type 'X' is used by N properties and cannot be deleted." is the toast
              run: (row) => remove.mutateAsync(row._id),
            }
          : undefined
      }
    />
  );
}

export interface TPropertyTypesPageProps {
  /**
   * The insurance requirements of a type (issue 24), drawn by the insurance feature (composed in
   * app/): each row gets a Requirements button that opens it, outside the grid.
   */
  renderInsuranceRequirements?: (type: TPropertyType, onClose: () => void) => ReactNode;
}

export function PropertyTypesPage({ renderInsuranceRequirements }: TPropertyTypesPageProps = {}) {
  const query = usePropertyTypes();
  const canWrite = useCanWriteMasterData();
  const [requirementsOf, setRequirementsOf] = useState<TPropertyType | null>(null);
  const attributes = usePropertyAttributes();
  const names = new Map((attributes.data ?? []).map((a) => [a._id, a.name]));
  const columns: GridColDef<TPropertyType>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'attributes',
      headerName: 'Attributes',
      flex: 2,
      minWidth: 200,
      sortable: false,
      valueGetter: (_value, row) => row.attributes.map((id) => names.get(id) ?? '').filter(Boolean).join(', '),
    },
  ];
  if (renderInsuranceRequirements && canWrite) {
    columns.push({
      field: 'insurance',
      headerName: 'Insurance',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          aria-label={`Insurance requirements of ${row.name}`}
          onClick={(event) => {
            // the row's own click opens the type's edit dialog
            event.stopPropagation();
            setRequirementsOf(row);
          }}
        >
          Requirements
        </Button>
      ),
    });
  }
  return (
    <>
      <MasterListPage kind="types" title="Property Types" query={query} columns={columns} renderDialog={(row, onClose) => <TypeDialog row={row} onClose={onClose} />} />
      {requirementsOf && renderInsuranceRequirements?.(requirementsOf, () => setRequirementsOf(null))}
    </>
  );
}

export function PropertyAttributesPage() {
  const query = usePropertyAttributes();
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  const columns: GridColDef<TPropertyAttribute>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
    { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 160 },
    { field: 'attributeType', headerName: 'Type', width: 110 },
    { field: 'allowFiltering', headerName: 'Filtering', width: 100, valueFormatter: yesNo },
    { field: 'allowSorting', headerName: 'Sorting', width: 100, valueFormatter: yesNo },
  ];
  return (
    <MasterListPage kind="attributes" title="Property Attributes" query={query} columns={columns} renderDialog={(row, onClose) => <AttributeDialog row={row} onClose={onClose} />} />
  );
}

export function PropertyAreasPage() {
  const query = usePropertyAreas();
  const columns: GridColDef<TPropertyArea>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    { field: 'description', headerName: 'Description', flex: 2, minWidth: 200 },
  ];
  return <MasterListPage kind="areas" title="Property Areas" query={query} columns={columns} renderDialog={(row, onClose) => <AreaDialog row={row} onClose={onClose} />} />;
}
