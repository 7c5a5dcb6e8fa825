import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { DataGrid as MuiDataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@apron/core/common/list';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import { isModuleAdmin } from '@apron/core/access';
import type { TBalanceRecord } from '@apron/core/balances';
import { useCompactGrid, type TCompactLayout } from '../../components/compact-columns';
import { Loader } from '../../components/loader';
import { MoneyText } from '../../components/money-text';
import { RecordLoadError } from '../../components/record-load-error';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { AddRecordDialog } from './add-record-dialog';
import { useBalances } from './api';
import { PayInvoicesDialog } from './pay-invoices-dialog';

const money = (value: number) => formatMoney(toCents(value));

const COLUMNS: GridColDef<TBalanceRecord>[] = [
  {
    field: 'accountNum',
    headerName: 'Account Details',
    flex: 1.5,
    minWidth: 180,
    valueGetter: (_value, row) => row.reference ?? `${row.accountNum} / ${row.routingNum}`,
  },
  { field: 'type', headerName: 'Balance Type', minWidth: 120 },
  { field: 'amount', headerName: 'Amount', type: 'number', minWidth: 120, valueFormatter: (value: number) => money(value) },
  { field: 'dateApplied', headerName: 'Date Applied', minWidth: 120, valueFormatter: (value: string) => formatDate(value) },
  { field: 'runningBalance', headerName: 'Balance', type: 'number', minWidth: 120, valueFormatter: (value: number) => money(value) },
];

/**
 * On a phone the ledger keeps what a tenant reads it for — when, how much, what is left — as
 * columns, and shows each row's Balance Type and Account Details under its amount.
 */
const COMPACT: TCompactLayout = { keep: { sm: ['dateApplied', 'amount', 'runningBalance'] }, detailsIn: 'amount' };

/** `/companies/:id/balances`: the company's ledger, its running balance, Add Record and Pay Invoices. */
export function BalancesPage() {
  const { id = '' } = useParams();
  const { user } = useAccess();
  const compact = useCompactGrid(COLUMNS, COMPACT);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<'add' | 'pay' | null>(null);
  const query = useBalances(id, paging.page + 1, paging.pageSize);
  const canAdd = isModuleAdmin(user, 'Company');
  const backTo = `/companies/${encodeURIComponent(id)}`;
  if (query.isPending) return <Loader text="Loading balance" />;
  // another company's ledger answers 404 (or 403): not yours, so No Access, not a ledger page with an error
  if (query.isError && !query.data) return <RecordLoadError error={query.error} title="Account Balance" backTo={backTo} notFound="Owner not found" noAccessOn404 />;
  return (
    <>
      <PageHeader
        title="Account Balance"
        backTo={backTo}
        actions={
          <>
            {canAdd && (
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
                Add Record
              </Button>
            )}
            <Button variant="contained" onClick={() => setDialog('pay')}>
              Pay Invoices
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="overline" component="div">
          Balance
        </Typography>
        <Typography variant="h5" component="p" aria-label="Balance">
          {query.data ? <MoneyText dollars={query.data.balance} /> : '…'}
        </Typography>
      </Paper>
      <MuiDataGrid<TBalanceRecord>
        aria-label="Balance records"
        rows={query.data?.records ?? []}
        rowCount={query.data?.total ?? 0}
        {...compact}
        getRowId={(row) => row._id}
        loading={query.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
        disableColumnFilter
        disableColumnSorting
        disableRowSelectionOnClick
        autoHeight
        localeText={{ noRowsLabel: query.isError ? 'Error Occurred' : 'No records' }}
        sx={{ bgcolor: 'background.paper' }}
      />
      {dialog === 'add' && <AddRecordDialog open companyId={id} onClose={() => setDialog(null)} />}
      {dialog === 'pay' && <PayInvoicesDialog open companyId={id} onClose={() => setDialog(null)} />}
    </>
  );
}
