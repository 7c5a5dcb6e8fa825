import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import { formatReportDate, type TAgingRow, type TInsuranceReportRow, type TRentRollRow } from '@apron/core/reports';
import { useAgingReport, useInsuranceReport, useRentRoll } from './api';
import { ExportButtons } from './export-buttons';
import { ReportGrid } from './report-grid';

const money = (value: number) => formatMoney(toCents(value));
const dateColumn = <R,>(field: string, headerName: string): GridColDef<R & { _id?: string }> => ({ field, headerName, width: 120, valueFormatter: (v: string | null) => formatDate(v) });

function Heading({ title, report }: { title: string; report: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <ExportButtons report={report} />
    </Stack>
  );
}

/** Expired / Expiring Soon insurance: a row opens the company. */
export function InsuranceReportView({ which, days }: { which: 'Expired' | 'Expiring Soon'; days: number }) {
  const navigate = useNavigate();
  const report = useInsuranceReport(which, true);
  const columns: GridColDef<TInsuranceReportRow>[] = [
    { field: 'companyName', headerName: 'Company Name', flex: 1, minWidth: 180 },
    { field: 'type', headerName: 'Insurance Type', flex: 1, minWidth: 140 },
    dateColumn<TInsuranceReportRow>('startDate', 'Start'),
    dateColumn<TInsuranceReportRow>('endDate', 'End'),
    { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (v: string) => formatDate(v) },
  ];
  return (
    <Stack spacing={1}>
      <Heading title={which === 'Expired' ? 'Expired Insurance' : `Expiring Soon Insurance (next ${days} days)`} report={which === 'Expired' ? 'insurances-expired' : 'insurances-expiring-soon'} />
      <ReportGrid rows={report.data ?? []} columns={columns} ariaLabel={`${which} insurance`} loading={report.isFetching} error={report.isError} getRowId={(r) => r._id} onRowClick={(r) => navigate(`/companies/${r.company}`)} />
    </Stack>
  );
}

/** A/R aging at the airport's today, one row per company; a row opens the company's invoices. */
export function AgingReportView() {
  const navigate = useNavigate();
  const report = useAgingReport(true);
  const col = (field: keyof TAgingRow, headerName: string): GridColDef<TAgingRow> => ({ field, headerName, type: 'number', width: 120, valueFormatter: money });
  const columns: GridColDef<TAgingRow>[] = [
    { field: 'company', headerName: 'Company', flex: 1, minWidth: 180 },
    col('current', 'Current'),
    col('days1to30', '1-30'),
    col('days31to60', '31-60'),
    col('days61to90', '61-90'),
    col('over90', 'Over 90'),
    col('total', 'Total'),
  ];
  const totals = report.data?.totals;
  return (
    <Stack spacing={1}>
      <Heading title={`A/R Aging${report.data ? ` as of ${formatReportDate(report.data.asOf)}` : ''}`} report="aging" />
      <ReportGrid rows={report.data?.rows ?? []} columns={columns} ariaLabel="A/R aging" loading={report.isFetching} error={report.isError} getRowId={(r) => r.companyId} onRowClick={(r) => navigate(`/companies/${r.companyId}/invoices`)} />
      {totals && (
        <Typography aria-label="Totals" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, fontWeight: 600 }}>
          Total — Current {money(totals.current)} · 1-30 {money(totals.days1to30)} · 31-60 {money(totals.days31to60)} · 61-90 {money(totals.days61to90)} · Over 90 {money(totals.over90)} · Total {money(totals.total)}
        </Typography>
      )}
    </Stack>
  );
}

/** Every leased property with tenant, rent, term and next adjustment; a row opens the agreement. */
export function RentRollView() {
  const navigate = useNavigate();
  const report = useRentRoll(true);
  const columns: GridColDef<TRentRollRow>[] = [
    { field: 'property', headerName: 'Property', flex: 1, minWidth: 160 },
    { field: 'company', headerName: 'Tenant', flex: 1, minWidth: 160 },
    { field: 'agreementNum', headerName: 'Agreement', width: 130 },
    { field: 'rent', headerName: 'Rent', type: 'number', width: 120, valueFormatter: money },
    dateColumn<TRentRollRow>('startDate', 'Start'),
    dateColumn<TRentRollRow>('endDate', 'End'),
    dateColumn<TRentRollRow>('nextAdjustment', 'Next Adjustment'),
  ];
  return (
    <Stack spacing={1}>
      <Heading title="Rent Roll" report="rent-roll" />
      <ReportGrid rows={report.data ?? []} columns={columns} ariaLabel="Rent roll" loading={report.isFetching} error={report.isError} getRowId={(r) => r._id} onRowClick={(r) => navigate(`/agreements/${r.agreementId}`)} />
    </Stack>
  );
}
