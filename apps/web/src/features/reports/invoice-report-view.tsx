import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TInvoiceReportKind, TInvoiceReportRow, TPeriod } from '@apron/core/reports';
import { useInvoiceReport } from './api';
import { ExportButtons } from './export-buttons';
import { DrillDownDialog } from './drill-down-dialog';
import { ReportGrid } from './report-grid';
import { ReportTotals, reportMoney } from './report-totals';

const moneyColumn = (field: keyof TInvoiceReportRow, headerName: string): GridColDef<TInvoiceReportRow> => ({ field, headerName, type: 'number', width: 140, valueFormatter: reportMoney });

/** Billing (billed, paid, due, overdue) or Collection (paid only) by company, with totals. */
export function InvoiceReportView({ kind, period }: { kind: TInvoiceReportKind; period: TPeriod }) {
  const range = { begin: period.begin, end: period.end, kind };
  const report = useInvoiceReport(range);
  const [open, setOpen] = useState<TInvoiceReportRow | null>(null);
  const collection = kind === 'Collection';
  const columns: GridColDef<TInvoiceReportRow>[] = [
    { field: 'company', headerName: 'Company', flex: 1, minWidth: 180 },
    { field: 'invoices', headerName: 'Invoices', type: 'number', width: 100 },
    ...(collection ? [moneyColumn('amountPaid', 'Amount Paid')] : [moneyColumn('amountBilled', 'Amount Billed'), moneyColumn('amountPaid', 'Amount Paid'), moneyColumn('amountDue', 'Amount Due'), moneyColumn('overDue', 'Overdue')]),
  ];
  const totals = report.data?.totals;
  const totalItems: Array<readonly [string, string]> = totals
    ? collection
      ? [['Invoices', String(totals.invoices)], ['Amount Paid', reportMoney(totals.amountPaid)]]
      : [['Invoices', String(totals.invoices)], ['Amount Billed', reportMoney(totals.amountBilled)], ['Amount Paid', reportMoney(totals.amountPaid)], ['Amount Due', reportMoney(totals.amountDue)], ['Overdue', reportMoney(totals.overDue)]]
    : [];
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {period.label} {kind}
        </Typography>
        <ExportButtons report="invoices" params={range} />
      </Stack>
      <ReportGrid<TInvoiceReportRow>
        rows={report.data?.rows ?? []}
        columns={columns}
        ariaLabel={`${kind} report`}
        loading={report.isFetching}
        error={report.isError}
        getRowId={(row) => row.companyId}
        onRowClick={setOpen}
      />
      {totals && <ReportTotals label="Totals" caption="Total" items={totalItems} />}
      <DrillDownDialog company={open} begin={period.begin} end={period.end} onClose={() => setOpen(null)} />
    </Stack>
  );
}
