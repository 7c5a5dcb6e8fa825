import { useMemo, useState } from 'react';
import { DataGrid as MuiDataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@apron/core/common/list';
import type { ImportColumn, ImportIssue } from '@apron/core/imports';
import { useCompactGrid } from '../../components/compact-columns';
import { paginationDisplayedRows } from '../../components/data-grid';
import { useImportErrors } from './api/batches';

type TIssueRow = ImportIssue & { id: string };

/**
 * A dry run's errors by row, column and message, paged by the server (a bad file may have
 * thousands). On a phone the column and message fold under the row number.
 */
export function ErrorsGrid({ batchId, columns }: { batchId: string; columns: readonly ImportColumn[] }) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const query = useImportErrors(batchId, paging.page + 1, paging.pageSize);
  const labels = useMemo(() => new Map(columns.map((column) => [column.key, column.label])), [columns]);
  const gridColumns = useMemo<GridColDef<TIssueRow>[]>(
    () => [
      { field: 'row', headerName: 'Row', type: 'number', width: 90, align: 'left', headerAlign: 'left' },
      // '' names the whole row (a duplicate external id, a row the kind refuses as a whole)
      { field: 'column', headerName: 'Column', flex: 1, minWidth: 140, valueFormatter: (value: string) => (value ? (labels.get(value) ?? value) : 'Whole row') },
      { field: 'message', headerName: 'Message', flex: 3, minWidth: 220 },
    ],
    [labels],
  );
  const compact = useCompactGrid(gridColumns, { keep: { sm: ['row'] }, detailsIn: 'row' });
  const rows = useMemo<TIssueRow[]>(
    () => (query.data?.errors ?? []).map((issue, index) => ({ ...issue, id: `${issue.row}:${issue.column}:${index}` })),
    [query.data],
  );
  return (
    <MuiDataGrid<TIssueRow>
      aria-label="Errors"
      rows={rows}
      rowCount={query.data?.errorsTotal ?? 0}
      {...compact}
      loading={query.isFetching}
      paginationMode="server"
      paginationModel={paging}
      onPaginationModelChange={setPaging}
      pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      localeText={{ noRowsLabel: query.isError ? 'Error Occurred' : 'No errors', paginationDisplayedRows }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
}
