import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid as MuiDataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDate } from '@apron/core/dates';
import { PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE } from '@apron/core/common/list';
import type { TLeaseHistoryRow, TProperty } from '@apron/core/properties';
import { useLeaseHistory } from './api/property';

const columns: GridColDef<TLeaseHistoryRow>[] = [
  { field: 'title', headerName: 'Title', flex: 1, minWidth: 160 },
  { field: 'agreementNum', headerName: 'Agreement #', flex: 1, minWidth: 130 },
  { field: 'startDate', headerName: 'Start Date', width: 120, valueFormatter: (value: string | null) => formatDate(value) },
  { field: 'endDate', headerName: 'End Date', width: 120, valueFormatter: (value: string | null) => formatDate(value) },
  { field: 'status', headerName: 'Status', width: 120 },
];

function LeaseHistoryDialog({ propertyId, open, onClose }: { propertyId: string; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const history = useLeaseHistory(propertyId, open);
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby="lease-history-title">
      <DialogTitle id="lease-history-title">Lease History</DialogTitle>
      <DialogContent dividers>
        <MuiDataGrid<TLeaseHistoryRow>
          aria-label="Lease History"
          rows={history.data?.rows ?? []}
          columns={columns}
          getRowId={(row) => row._id}
          loading={history.isFetching}
          initialState={{ pagination: { paginationModel: { page: 0, pageSize: DEFAULT_PAGE_SIZE } } }}
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          disableRowSelectionOnClick
          autoHeight
          onRowClick={(params) => navigate(`/agreements/${encodeURIComponent(params.row._id)}`)}
          localeText={{ noRowsLabel: history.isError ? 'Error Occurred' : 'No lease history' }}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Lease Info: the agreement covering today (with a button to it), else the status; and the history. */
export function LeasePanel({ property }: { property: TProperty }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const { leaseInfo } = property;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="lease-info-heading" sx={{ p: 2 }}>
      <Typography id="lease-info-heading" variant="h6" component="h2" gutterBottom>
        Lease Info
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {leaseInfo.agreement ? (
          <>
            <Typography>
              {leaseInfo.agreement.title} ({leaseInfo.agreement.agreementNum})
            </Typography>
            <Button component={RouterLink} to={`/agreements/${encodeURIComponent(leaseInfo.agreement._id)}`} variant="outlined" size="small">
              Open Agreement
            </Button>
          </>
        ) : (
          <Chip label={leaseInfo.status} color={leaseInfo.status === 'Active' ? 'success' : 'default'} />
        )}
        <Button onClick={() => setHistoryOpen(true)}>Lease History</Button>
      </Stack>
      <LeaseHistoryDialog propertyId={property._id} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Paper>
  );
}
