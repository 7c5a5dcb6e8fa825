import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '@apron/core/dates';
import { REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES } from '@apron/core/reports';
import { errorMessage } from '../../lib/api-client';
import { ExportButtons } from './export-buttons';
import { COMPLIANCE_STATUSES, useComplianceReport, type TComplianceReportRow, type TComplianceStatus } from './insurance-compliance-api';

const STATUS_COLOR: Record<TComplianceStatus, 'success' | 'warning' | 'error'> = { Compliant: 'success', Expiring: 'warning', Deficient: 'error', Expired: 'error' };
const COUNT_KEY = { Compliant: 'compliant', Deficient: 'deficient', Expiring: 'expiring', Expired: 'expired' } as const;
const DEFAULT_SORT: GridSortModel = [{ field: 'agreementNum', sort: 'asc' }];

function isStatus(value: string | null): value is TComplianceStatus {
  return (COMPLIANCE_STATUSES as readonly string[]).includes(value ?? '');
}

const COLUMNS: GridColDef<TComplianceReportRow>[] = [
  { field: 'agreementNum', headerName: 'Agreement', width: 140 },
  { field: 'companyName', headerName: 'Company', flex: 1, minWidth: 160 },
  {
    field: 'status',
    headerName: 'Status',
    width: 130,
    renderCell: ({ row }) => <Chip size="small" label={row.status} color={STATUS_COLOR[row.status]} variant={row.status === 'Expired' ? 'outlined' : 'filled'} />,
  },
  { field: 'problems', headerName: 'Problems', flex: 2, minWidth: 240, sortable: false, valueGetter: (_value, row) => row.problems.join('; ') || '—' },
  { field: 'expiresOn', headerName: 'Expires On', width: 120, valueFormatter: (value: string | null) => formatDate(value) },
];

/** Insurance Compliance: every agreement's status, filtered by status (the URL keeps it, so the dashboard links here). */
export function InsuranceComplianceView() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const [paging, setPaging] = useState({ page: 0, pageSize: REPORT_DEFAULT_PAGE_SIZE });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const sort = sortModel[0] ? `${sortModel[0].field}:${sortModel[0].sort ?? 'asc'}` : 'agreementNum:asc';
  const report = useComplianceReport({ status, page: paging.page + 1, pageSize: paging.pageSize, sort });
  const setStatus = (value: string) => {
    setPaging((prev) => ({ ...prev, page: 0 }));
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set('status', value);
      else next.delete('status');
      return next;
    });
  };
  const counts = report.data?.counts;
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h2">
          Insurance Compliance
        </Typography>
        <ExportButtons report="insurance-compliance" params={status ? { status } : {}} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <MuiTextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <option value="">All</option>
          {COMPLIANCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </MuiTextField>
        {counts && (
          <Typography variant="body2" color="text.secondary" aria-label="Agreements per status">
            {COMPLIANCE_STATUSES.map((s) => `${s} ${counts[COUNT_KEY[s]]}`).join(' · ')}
          </Typography>
        )}
      </Stack>
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <DataGrid<TComplianceReportRow>
          aria-label="Insurance compliance"
          rows={report.data?.rows ?? []}
          rowCount={report.data?.total ?? 0}
          columns={COLUMNS}
          getRowId={(row) => row.agreementId}
          loading={report.isFetching}
          paginationMode="server"
          sortingMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model.length ? model : DEFAULT_SORT);
            setPaging((prev) => ({ ...prev, page: 0 }));
          }}
          pageSizeOptions={[...REPORT_PAGE_SIZES]}
          disableColumnFilter
          disableRowSelectionOnClick
          autoHeight
          onRowClick={(p) => navigate(`/agreements/${encodeURIComponent(p.row.agreementId)}`)}
          localeText={{ noRowsLabel: report.isError ? errorMessage(report.error) : 'No agreements' }}
          sx={{ bgcolor: 'background.paper', minWidth: 640, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </Box>
    </Stack>
  );
}
