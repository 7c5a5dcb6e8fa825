import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES } from '@apron/core/reports';

/**
 * A report's grid: every row of the report is already on the client (one row per company,
 * aggregated by the server), so it pages and sorts locally at 10, 25 or 50 rows (PRODUCT-RULES 23).
 */
export function ReportGrid<R extends GridValidRowModel>(props: {
  rows: R[];
  columns: GridColDef<R>[];
  ariaLabel: string;
  loading: boolean;
  error: boolean;
  getRowId: (row: R) => string;
  onRowClick?: (row: R) => void;
}) {
  const { rows, columns, ariaLabel, loading, error, getRowId, onRowClick } = props;
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <DataGrid<R>
        aria-label={ariaLabel}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        loading={loading}
        initialState={{ pagination: { paginationModel: { pageSize: REPORT_DEFAULT_PAGE_SIZE, page: 0 } } }}
        pageSizeOptions={[...REPORT_PAGE_SIZES]}
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
        localeText={{ noRowsLabel: error ? 'Error Occurred' : 'No rows' }}
        sx={{ bgcolor: 'background.paper', minWidth: 560, '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' } }}
      />
    </Box>
  );
}
