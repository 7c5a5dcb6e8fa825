import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import { formatReportDate } from '@apron/core/reports';
import type { TInvoiceGridRow } from '@apron/core/invoices';
import { DataGrid } from '../../components/data-grid';
import { drillDownPath } from './api';

const money = (value: number) => formatMoney(toCents(value));
const columns: GridColDef<TInvoiceGridRow>[] = [
  { field: 'invoiceNumber', headerName: 'Invoice #', width: 100 },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
  { field: 'invoiceDate', headerName: 'Invoice Date', width: 120, valueFormatter: (v: string) => formatDate(v) },
  { field: 'dueDate', headerName: 'Due Date', width: 120, valueFormatter: (v: string | null) => formatDate(v) },
  { field: 'status', headerName: 'Status', width: 100 },
  { field: 'amountTotal', headerName: 'Total', width: 110, type: 'number', valueFormatter: money },
  { field: 'amountPaid', headerName: 'Paid', width: 110, type: 'number', valueFormatter: money },
  { field: 'amountDue', headerName: 'Due', width: 110, type: 'number', valueFormatter: money },
];

/** A company's invoices of the report's period; a row opens the invoice. */
export function DrillDownDialog(props: { company: { companyId: string; company: string } | null; begin: string; end: string; onClose: () => void }) {
  const { company, begin, end, onClose } = props;
  const navigate = useNavigate();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={!!company} onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="drill-down-title">
      <DialogTitle id="drill-down-title">
        {company?.company}: invoices from {formatReportDate(begin)} to {formatReportDate(end)}
      </DialogTitle>
      <DialogContent>
        {company && (
          <DataGrid<TInvoiceGridRow>
            path={drillDownPath(company.companyId)}
            filters={{ begin, end }}
            columns={columns}
            ariaLabel={`Invoices of ${company.company}`}
            onRowClick={(row) => navigate(`/invoices/${row._id}`)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
