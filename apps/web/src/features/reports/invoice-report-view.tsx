import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatMoney, toCents } from '@apron/core/money';
import type { TInvoiceReportKind, TInvoiceReportRow, TPeriod } from '@apron/core/reports';
import { useInvoiceReport } from './api';
import { ExportButtons } from './export-buttons';
import { DrillDownDialog } from './drill-down-dialog';
import { ReportGrid } from './report-grid';

const money = (value: number) => formatMoney(toCents(value));
const moneyColumn = (field: keyof TInvoiceReportRow, headerName: string): GridColDef<TInvoiceReportRow> => ({ field, headerName, type: 'number', width: 140, valueFormatter: money });

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
  const totalItems = totals
    ? collection
      ? [['Invoices', String(totals.invoices)], ['Amount Paid', money(totals.amountPaid)]]
      : [['Invoices', String(totals.invoices)], ['Amount Billed', money(totals.amountBilled)], ['Amount Paid', money(totals.amountPaid)], ['Amount Due', money(totals.amountDue)], ['Overdue', money(totals.overDue)]]
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
      {totals && (
        <Box role="group" aria-label="Totals" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>Total</Typography>
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
            {totalItems.map(([label, value]) => (
              <Box key={label} sx={{ display: 'flex', gap: 0.5 }}>
                <Typography component="dt" color="text.secondary">
                  {label}:
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      <DrillDownDialog company={open} begin={period.begin} end={period.end} onClose={() => setOpen(null)} />
    </Stack>
  );
}
