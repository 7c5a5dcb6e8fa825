import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatDate } from '@apron/core/dates';
import { errorMessage, isApiError } from '../../lib/api-client';
import { ExportButtons } from './export-buttons';
import { useGasb87Schedule, type TGasb87Exclusion, type TGasb87Measurement, type TGasb87Schedule, type TGasb87ScheduleRow } from './gasb87-api';
import { ReportTotals, reportMoney } from './report-totals';
import { ReportGrid } from './report-grid';

const EXCLUSION_TEXT: Record<NonNullable<TGasb87Exclusion>, string> = {
  'short-term': 'Excluded: short-term lease (maximum possible term of 12 months or less); revenue is recognized as billed.',
  regulated: 'Excluded: regulated aviation lease; revenue is recognized as billed and the lease is disclosed instead.',
};

const REASON_TEXT: Record<TGasb87Measurement['reason'], string> = { commencement: 'Commencement', modification: 'Modification' };

const moneyColumn = <R extends GridValidRowModel>(field: keyof R & string, headerName: string): GridColDef<R> => ({ field, headerName, type: 'number', width: 140, valueFormatter: reportMoney });
const dateColumn = <R extends GridValidRowModel>(field: keyof R & string, headerName: string): GridColDef<R> => ({ field, headerName, width: 130, valueFormatter: (v: string) => formatDate(v) });

type TScheduleGridRow = TGasb87ScheduleRow & { id: string };
type TMeasurementGridRow = TGasb87Measurement & { id: string };

const scheduleColumns: GridColDef<TScheduleGridRow>[] = [
  dateColumn<TScheduleGridRow>('date', 'Date'),
  moneyColumn<TScheduleGridRow>('payment', 'Payment'),
  moneyColumn<TScheduleGridRow>('interest', 'Interest'),
  moneyColumn<TScheduleGridRow>('principal', 'Principal'),
  moneyColumn<TScheduleGridRow>('balance', 'Balance'),
];

const measurementColumns: GridColDef<TMeasurementGridRow>[] = [
  { field: 'version', headerName: 'Version', type: 'number', width: 90 },
  dateColumn<TMeasurementGridRow>('measuredOn', 'Measured On'),
  { field: 'reason', headerName: 'Reason', width: 140, valueFormatter: (v: TGasb87Measurement['reason']) => REASON_TEXT[v] ?? v },
  moneyColumn<TMeasurementGridRow>('receivable', 'Receivable'),
  moneyColumn<TMeasurementGridRow>('deferredInflow', 'Deferred Inflow'),
];

/** Rate, term, receivable and deferred inflow, the measurement history and the schedule of one lease. */
function ScheduleContent({ data, headingLevel }: { data: TGasb87Schedule; headingLevel: 'h3' | 'h4' }) {
  // The grids key their rows by position: a remeasured lease may repeat a date across versions.
  const scheduleRows = data.schedule.map((row, i) => ({ ...row, id: `${i}` }));
  const measurementRows = data.measurements.map((row) => ({ ...row, id: `${row.version}` }));
  const facts: [string, string][] = [
    ['Discount rate', `${data.rate.toFixed(2)}%`],
    ['Commencement', formatDate(data.commencement)],
    ['Term end', data.termEnd ? formatDate(data.termEnd) : 'None'],
    ['Lease receivable', reportMoney(data.receivable)],
    ['Deferred inflow', reportMoney(data.deferredInflow)],
  ];
  return (
    <Stack spacing={2}>
      <ReportTotals label="Lease accounting figures" items={facts} />
      {data.exclusion && <Typography role="note">{EXCLUSION_TEXT[data.exclusion]}</Typography>}
      {!data.exclusion && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle1" component={headingLevel}>
              Measurements
            </Typography>
            <ExportButtons report="gasb87-schedule" params={{ agreementId: data.agreementId }} />
          </Stack>
          <ReportGrid rows={measurementRows} columns={measurementColumns} ariaLabel="Measurements" loading={false} error={false} getRowId={(r) => r.id} />
          <Typography variant="subtitle1" component={headingLevel}>
            Schedule
          </Typography>
          <ReportGrid rows={scheduleRows} columns={scheduleColumns} ariaLabel="Lease schedule" loading={false} error={false} getRowId={(r) => r.id} />
        </>
      )}
    </Stack>
  );
}

/** Loading, error (a 404 for an agreement that is not a lease here), or the content. */
function ScheduleBody({ agreementId, headingLevel }: { agreementId: string; headingLevel: 'h3' | 'h4' }) {
  const query = useGasb87Schedule(agreementId);
  if (query.isPending) return <Typography color="text.secondary">Loading lease accounting</Typography>;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return <Typography role="alert">{missing ? 'No lease accounting for this agreement.' : errorMessage(query.error)}</Typography>;
  }
  return <ScheduleContent data={query.data} headingLevel={headingLevel} />;
}

/** The per-lease schedule opened from a roll-forward row. */
export function Gasb87ScheduleDialog(props: { lease: { agreementId: string; agreementNum: string; companyName: string } | null; onClose: () => void }) {
  const { lease, onClose } = props;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={!!lease} onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="gasb87-schedule-title">
      <DialogTitle id="gasb87-schedule-title">
        {lease ? `Lease schedule: ${lease.agreementNum} · ${lease.companyName}` : 'Lease schedule'}
      </DialogTitle>
      <DialogContent>{lease && <ScheduleBody agreementId={lease.agreementId} headingLevel="h3" />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The agreement page's "Lease accounting (GASB 87)" section (composed in app/pages, since a feature
 * does not import another): rate, receivable, deferred inflow, exclusion, history and schedule.
 */
export function LeaseAccountingSection({ agreementId }: { agreementId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="lease-accounting-heading">
      <Box sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" id="lease-accounting-heading">
          Lease accounting (GASB 87)
        </Typography>
      </Box>
      <ScheduleBody agreementId={agreementId} headingLevel="h3" />
    </Paper>
  );
}
