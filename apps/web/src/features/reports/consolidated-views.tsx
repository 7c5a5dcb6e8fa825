import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import type { TInvoiceReportKind, TPeriod } from '@apron/core/reports';
import { useConsolidatedAging, useConsolidatedInvoiceReport, useConsolidatedRentRoll } from './api';
import { ExportButtons } from './export-buttons';
import { ReportGrid } from './report-grid';

/**
 * The "All airports" variant of billing, collection, A/R aging and rent roll (authority-wide
 * administrators; docs/airports.md). The grid lists each airport's rows after an Airport column,
 * then the airport's subtotal row; the last row is the grand total. Rows keep the server's order
 * (sorting would pull the subtotal rows away from their airport), and no row opens a record:
 * another airport's company or agreement is not readable from this one.
 */
const money = (value: number | null) => (value === null || value === undefined ? '' : formatMoney(toCents(value)));
const moneyColumn = (field: string, headerName: string): GridColDef => ({ field, headerName, type: 'number', width: 130, sortable: false, valueFormatter: money });
const textColumn = (field: string, headerName: string, width?: number): GridColDef => (width ? { field, headerName, width, sortable: false } : { field, headerName, flex: 1, minWidth: 160, sortable: false });
const dateColumn = (field: string, headerName: string): GridColDef => ({ field, headerName, width: 120, sortable: false, valueFormatter: (v: string | null) => (v ? formatDate(v) : '') });
const airportColumn: GridColDef = { field: 'airport', headerName: 'Airport', minWidth: 180, flex: 1, sortable: false };

interface Airport {
  airportId: string;
  airportCode: string;
  airportName: string;
}
type GridLine = GridValidRowModel & { id: string; airport: string };

/** The grid's lines: each airport's rows, then its subtotal; then the grand total. */
function lines<R extends Airport, S extends Airport>(rows: R[], airports: S[], rowLine: (row: R, i: number) => GridValidRowModel, subtotal: (airport: S) => GridValidRowModel, total: GridValidRowModel): GridLine[] {
  const out: GridLine[] = [];
  for (const airport of airports) {
    const label = `${airport.airportCode} — ${airport.airportName}`;
    rows.filter((r) => r.airportId === airport.airportId).forEach((r, i) => out.push({ ...rowLine(r, i), id: `${airport.airportId}:${i}`, airport: label }));
    out.push({ ...subtotal(airport), id: `${airport.airportId}:subtotal`, airport: label });
  }
  out.push({ ...total, id: 'total', airport: 'All airports' });
  return out;
}

function Heading({ title, report, params }: { title: string; report: string; params: Record<string, string> }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <ExportButtons report={report} params={{ ...params, scope: 'all' }} />
    </Stack>
  );
}

export function ConsolidatedInvoiceView({ kind, period }: { kind: TInvoiceReportKind; period: TPeriod }) {
  const range = { begin: period.begin, end: period.end, kind };
  const report = useConsolidatedInvoiceReport(range);
  const collection = kind === 'Collection';
  const columns: GridColDef[] = [
    airportColumn,
    textColumn('company', 'Company'),
    { field: 'invoices', headerName: 'Invoices', type: 'number', width: 100, sortable: false },
    ...(collection ? [moneyColumn('amountPaid', 'Amount Paid')] : [moneyColumn('amountBilled', 'Amount Billed'), moneyColumn('amountPaid', 'Amount Paid'), moneyColumn('amountDue', 'Amount Due'), moneyColumn('overDue', 'Overdue')]),
  ];
  const data = report.data;
  const rows = data ? lines(data.rows, data.airports, (r) => r, (a) => ({ company: 'Subtotal', ...a.totals }), { company: 'Total', ...data.totals }) : [];
  return (
    <Stack spacing={1}>
      <Heading title={`${period.label} ${kind} — All airports`} report="invoices" params={range} />
      <ReportGrid rows={rows} columns={columns} ariaLabel={`${kind} report, all airports`} loading={report.isFetching} error={report.isError} getRowId={(r) => r.id} />
    </Stack>
  );
}

export function ConsolidatedAgingView() {
  const report = useConsolidatedAging();
  const columns: GridColDef[] = [
    airportColumn,
    textColumn('company', 'Company'),
    dateColumn('asOf', 'As Of'),
    ...(['current', 'days1to30', 'days31to60', 'days61to90', 'over90', 'total'] as const).map((k, i) => moneyColumn(k, ['Current', '1-30', '31-60', '61-90', 'Over 90', 'Total'][i]!)),
  ];
  const data = report.data;
  const rows = data ? lines(data.rows, data.airports, (r) => r, (a) => ({ company: 'Subtotal', asOf: a.asOf, ...a.totals }), { company: 'Total', asOf: null, ...data.totals }) : [];
  return (
    <Stack spacing={1}>
      <Heading title="A/R Aging — All airports" report="aging" params={{}} />
      <ReportGrid rows={rows} columns={columns} ariaLabel="A/R aging, all airports" loading={report.isFetching} error={report.isError} getRowId={(r) => r.id} />
    </Stack>
  );
}

export function ConsolidatedRentRollView() {
  const report = useConsolidatedRentRoll();
  const columns: GridColDef[] = [
    airportColumn,
    textColumn('property', 'Property'),
    textColumn('company', 'Tenant'),
    textColumn('agreementNum', 'Agreement', 130),
    moneyColumn('rent', 'Rent'),
    dateColumn('startDate', 'Start'),
    dateColumn('endDate', 'End'),
    dateColumn('nextAdjustment', 'Next Adjustment'),
  ];
  const data = report.data;
  const rows = data ? lines(data.rows, data.airports, (r) => r, (a) => ({ property: 'Subtotal', rent: a.totals.rent }), { property: 'Total', rent: data.totals.rent }) : [];
  return (
    <Stack spacing={1}>
      <Heading title="Rent Roll — All airports" report="rent-roll" params={{}} />
      <ReportGrid rows={rows} columns={columns} ariaLabel="Rent roll, all airports" loading={report.isFetching} error={report.isError} getRowId={(r) => r.id} />
    </Stack>
  );
}
