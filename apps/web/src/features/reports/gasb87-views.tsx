import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatDate } from '@apron/core/dates';
import { formatReportDate, GASB87_TO_BEFORE_FROM, type TReportPeriods } from '@apron/core/reports';
import { ExportButtons } from './export-buttons';
import {
  gasb87GlCsvHref,
  useGasb87JournalEntries,
  useGasb87Maturity,
  useGasb87RollForward,
  type TGasb87JournalEntry,
  type TGasb87MaturityRow,
  type TGasb87RollForwardAmounts,
  type TGasb87RollForwardRow,
} from './gasb87-api';
import { Gasb87ScheduleDialog } from './gasb87-schedule';
import { ReportTotals, reportMoney } from './report-totals';
import { ReportGrid } from './report-grid';

const moneyColumn = <R extends GridValidRowModel>(field: keyof R & string, headerName: string, width = 140): GridColDef<R> => ({ field, headerName, type: 'number', width, valueFormatter: reportMoney });
const dateColumn = <R extends GridValidRowModel>(field: keyof R & string, headerName: string): GridColDef<R> => ({ field, headerName, width: 120, valueFormatter: (v: string) => formatDate(v) });
const selectProps = { slotProps: { select: { native: true }, inputLabel: { shrink: true } }, size: 'small' as const };
const dateProps = { type: 'date', size: 'small' as const, slotProps: { inputLabel: { shrink: true } } };

function Heading({ title, actions }: { title: string; actions: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {actions}
    </Stack>
  );
}

/**
 * The lease-accounting reports of the Report Type select (its own group; Reports staff only, so
 * they live with their views here rather than in core's REPORT_TYPES, which tenants see too).
 */
export const GASB87_REPORT_TYPES = [
  { key: 'gasb87-roll-forward', label: 'GASB 87 Roll-Forward' },
  { key: 'gasb87-maturity', label: 'GASB 87 Maturity Analysis' },
  { key: 'gasb87-journal-entries', label: 'GASB 87 Journal Entries' },
] as const;

/** The roll-forward's columns and total pairs, in the order of the notes' reconciliation. */
const ROLL_FORWARD_AMOUNTS: [keyof TGasb87RollForwardAmounts, string][] = [
  ['beginningReceivable', 'Beginning Receivable'],
  ['additions', 'Additions'],
  ['reductions', 'Reductions'],
  ['endingReceivable', 'Ending Receivable'],
  ['interestRevenue', 'Interest Revenue'],
  ['leaseRevenue', 'Lease Revenue'],
  ['beginningDeferredInflow', 'Beginning Deferred Inflow'],
  ['endingDeferredInflow', 'Ending Deferred Inflow'],
];

/**
 * Fiscal years offered: from the first year with data to the year after today's (a July–June
 * fiscal year that began this summer is named for next year's June).
 */
export function fiscalYearOptions(periods: TReportPeriods): number[] {
  const next = periods.currentYear.year + 1;
  return [next, ...periods.years.filter((year) => year !== next)];
}

/** The fiscal-year roll-forward per lease with its totals; a row opens the lease's schedule. */
export function Gasb87RollForwardView({ periods }: { periods: TReportPeriods }) {
  const [fiscalYear, setFiscalYear] = useState(periods.currentYear.year);
  const [open, setOpen] = useState<TGasb87RollForwardRow | null>(null);
  const report = useGasb87RollForward(fiscalYear);
  const columns: GridColDef<TGasb87RollForwardRow>[] = [
    { field: 'agreementNum', headerName: 'Agreement', width: 130 },
    { field: 'companyName', headerName: 'Company', flex: 1, minWidth: 180 },
    ...ROLL_FORWARD_AMOUNTS.map(([field, label]) => moneyColumn<TGasb87RollForwardRow>(field, label, 150)),
  ];
  const totals = report.data?.totals;
  const range = report.data && report.data.fiscalYear === fiscalYear ? ` (${formatReportDate(report.data.from)} to ${formatReportDate(report.data.to)})` : '';
  return (
    <Stack spacing={1}>
      <MuiTextField select label="Fiscal Year" value={fiscalYear} onChange={(e) => setFiscalYear(Number(e.target.value))} sx={{ maxWidth: 160 }} {...selectProps}>
        {fiscalYearOptions(periods).map((year) => (
          <option key={year} value={year}>
            FY {year}
          </option>
        ))}
      </MuiTextField>
      <Heading title={`GASB 87 Roll-Forward, FY ${fiscalYear}${range}`} actions={<ExportButtons report="gasb87-roll-forward" params={{ fiscalYear: String(fiscalYear) }} />} />
      <ReportGrid rows={report.data?.rows ?? []} columns={columns} ariaLabel="GASB 87 roll-forward" loading={report.isFetching} error={report.isError} getRowId={(r) => r.agreementId} onRowClick={setOpen} />
      {totals && <ReportTotals label="Totals" caption="Total" items={ROLL_FORWARD_AMOUNTS.map(([field, label]) => [label, reportMoney(totals[field])] as const)} />}
      <Gasb87ScheduleDialog lease={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** Principal and interest to be received: each of the next five years, then five-year buckets. */
export function Gasb87MaturityView({ today }: { today: string }) {
  const [asOf, setAsOf] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(asOf);
  const report = useGasb87Maturity(valid ? asOf : today);
  const columns: GridColDef<TGasb87MaturityRow>[] = [
    { field: 'label', headerName: 'Period', flex: 1, minWidth: 140, sortable: false },
    { ...dateColumn<TGasb87MaturityRow>('from', 'From'), sortable: false },
    { ...dateColumn<TGasb87MaturityRow>('to', 'To'), sortable: false },
    { ...moneyColumn<TGasb87MaturityRow>('principal', 'Principal'), sortable: false },
    { ...moneyColumn<TGasb87MaturityRow>('interest', 'Interest'), sortable: false },
    { ...moneyColumn<TGasb87MaturityRow>('total', 'Total'), sortable: false },
  ];
  const totals = report.data?.totals;
  return (
    <Stack spacing={1}>
      <MuiTextField label="As Of" value={asOf} onChange={(e) => setAsOf(e.target.value)} required error={!valid} helperText={valid ? undefined : 'As Of is required'} sx={{ maxWidth: 200 }} {...dateProps} />
      <Heading title={`GASB 87 Maturity Analysis as of ${formatReportDate(valid ? asOf : today)}`} actions={<ExportButtons report="gasb87-maturity" params={{ asOf: valid ? asOf : today }} />} />
      <ReportGrid rows={report.data?.rows ?? []} columns={columns} ariaLabel="GASB 87 maturity analysis" loading={report.isFetching} error={report.isError} getRowId={(r) => r.label} />
      {totals && <ReportTotals label="Totals" caption="Total" items={[['Principal', reportMoney(totals.principal)], ['Interest', reportMoney(totals.interest)], ['Total', reportMoney(totals.total)]]} />}
    </Stack>
  );
}

type TJournalGridRow = TGasb87JournalEntry & { id: string };

/** The period's lease journal entries (receivable, deferred inflow, interest and lease revenue) and their GL CSV. */
export function Gasb87JournalEntriesView({ periods }: { periods: TReportPeriods }) {
  const [range, setRange] = useState({ from: periods.currentMonth.begin, to: periods.currentMonth.end });
  const missing = !range.from || !range.to;
  const reversed = !missing && range.to < range.from;
  const usable = missing || reversed ? { from: periods.currentMonth.begin, to: periods.currentMonth.end } : range;
  const report = useGasb87JournalEntries(usable);
  const rows: TJournalGridRow[] = (report.data?.rows ?? []).map((row, i) => ({ ...row, id: String(i) }));
  const columns: GridColDef<TJournalGridRow>[] = [
    dateColumn<TJournalGridRow>('date', 'Date'),
    { field: 'agreementNum', headerName: 'Agreement', width: 130 },
    { field: 'account', headerName: 'Account', flex: 1, minWidth: 180 },
    { field: 'description', headerName: 'Description', flex: 1, minWidth: 200 },
    moneyColumn<TJournalGridRow>('debit', 'Debit', 130),
    moneyColumn<TJournalGridRow>('credit', 'Credit', 130),
  ];
  const sum = (field: 'debit' | 'credit') => rows.reduce((cents, row) => cents + Math.round(row[field] * 100), 0) / 100;
  const csv = (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} component="a" href={gasb87GlCsvHref(usable)} download>
      GL CSV
    </Button>
  );
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <MuiTextField label="From" value={range.from} onChange={(e) => setRange((prev) => ({ ...prev, from: e.target.value }))} required error={!range.from} helperText={range.from ? undefined : 'From is required'} {...dateProps} />
        <MuiTextField label="To" value={range.to} onChange={(e) => setRange((prev) => ({ ...prev, to: e.target.value }))} required error={!range.to || reversed} helperText={!range.to ? 'To is required' : reversed ? GASB87_TO_BEFORE_FROM : undefined} {...dateProps} />
      </Stack>
      <Heading title={`GASB 87 Journal Entries from ${formatReportDate(usable.from)} to ${formatReportDate(usable.to)}`} actions={csv} />
      <ReportGrid rows={rows} columns={columns} ariaLabel="GASB 87 journal entries" loading={report.isFetching} error={report.isError} getRowId={(r) => r.id} />
      {report.data && <ReportTotals label="Totals" caption="Total" items={[['Debit', reportMoney(sum('debit'))], ['Credit', reportMoney(sum('credit'))]]} />}
    </Stack>
  );
}
