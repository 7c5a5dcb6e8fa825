import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  CHART_GROUPINGS, CHART_MEASURES, CHART_MEASURE_LABELS, CHART_TYPES, ZChartQuery, type TChartQuery, type TChartType, type TSavedReport,
} from '@apron/core/reports';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loader } from '../../components/loader';
import { useNotify } from '../../lib/notify';
import { ChartDraw } from './chart-draw';
import { useChartData, useDeleteReport, useSaveReport, useSavedReportData, useSavedReports } from './charts-api';

interface TForm {
  start: string;
  end: string;
  chartType: TChartType;
  grouping: TChartQuery['grouping'];
  measure: TChartQuery['measure'];
}

const selectProps = { select: true, size: 'small' as const, slotProps: { select: { native: true }, inputLabel: { shrink: true } } };

/** One saved report drawn for a period (the last year when none is chosen); delete after confirming. */
export function SavedChart({ report, range }: { report: TSavedReport; range: { start: string; end: string } | null }) {
  const data = useSavedReportData(report._id, range);
  const remove = useDeleteReport();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card variant="outlined" component="li">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {report.label}
          </Typography>
          <IconButton aria-label={`Delete ${report.label}`} onClick={() => setConfirming(true)} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {CHART_MEASURE_LABELS[report.measure]} · {report.grouping} · {report.chartType}
        </Typography>
        {data.isLoading ? <Loader /> : data.data ? <ChartDraw data={data.data.data} chartType={report.chartType} height={240} /> : <Typography role="alert">Error Occurred</Typography>}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Delete Report"
        message={`Delete the saved report "${report.label}"?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(report._id, {
            onSuccess: (answer) => notify.success(answer.message),
            onError: (error) => notify.error(error),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}

/** Interactive reports: a chart from start/end, type, grouping and measure; saved charts side by side. */
export function ChartsView() {
  const [form, setForm] = useState<TForm>({ start: '', end: '', chartType: 'Bar', grouping: 'Monthly', measure: 'billed' });
  const [errors, setErrors] = useState<Partial<Record<keyof TForm, string>>>({});
  const [viewed, setViewed] = useState<{ query: TChartQuery; chartType: TChartType } | null>(null);
  const [label, setLabel] = useState('');
  const chart = useChartData(viewed?.query ?? null);
  const saved = useSavedReports();
  const save = useSaveReport();
  const notify = useNotify();
  const set = (key: keyof TForm) => (event: { target: { value: string } }) => setForm((prev) => ({ ...prev, [key]: event.target.value }));

  // End after start is checked here, before any request (the server checks it again).
  const view = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZChartQuery.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setViewed({ query: parsed.data, chartType: form.chartType });
  };

  const saveChart = () => {
    if (!viewed) return;
    save.mutate(
      { label: label.trim(), measure: viewed.query.measure, grouping: viewed.query.grouping, chartType: viewed.chartType },
      { onSuccess: (answer) => { notify.success(answer.message); setLabel(''); }, onError: (error) => notify.error(error) },
    );
  };

  return (
    <Stack spacing={3}>
      <Box component="form" onSubmit={view} noValidate aria-label="Interactive report">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: { md: 'flex-start' } }}>
          <MuiTextField size="small" type="date" label="Start Date" value={form.start} onChange={set('start')} error={!!errors.start} helperText={errors.start} slotProps={{ inputLabel: { shrink: true } }} />
          <MuiTextField size="small" type="date" label="End Date" value={form.end} onChange={set('end')} error={!!errors.end} helperText={errors.end} slotProps={{ inputLabel: { shrink: true } }} />
          <MuiTextField {...selectProps} label="Chart Type" value={form.chartType} onChange={set('chartType')}>
            {CHART_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </MuiTextField>
          <MuiTextField {...selectProps} label="Grouping" value={form.grouping} onChange={set('grouping')} error={!!errors.grouping} helperText={errors.grouping}>
            {CHART_GROUPINGS.map((g) => <option key={g} value={g}>{g}</option>)}
          </MuiTextField>
          <MuiTextField {...selectProps} label="Measure" value={form.measure} onChange={set('measure')} sx={{ minWidth: 240 }}>
            {CHART_MEASURES.map((m) => <option key={m} value={m}>{CHART_MEASURE_LABELS[m]}</option>)}
          </MuiTextField>
          <Button type="submit" variant="contained">
            View
          </Button>
        </Stack>
      </Box>
      {viewed && (
        <Card variant="outlined">
          <CardContent>
            {chart.isLoading ? <Loader /> : chart.isError ? <Typography role="alert">{(chart.error as Error).message}</Typography> : chart.data && <ChartDraw data={chart.data} chartType={viewed.chartType} />}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
              <MuiTextField size="small" label="Label" value={label} onChange={(e) => setLabel(e.target.value)} />
              <Button variant="outlined" onClick={saveChart} disabled={!label.trim() || save.isPending}>
                Save as report
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Saved reports
        </Typography>
        {saved.isLoading && <Loader />}
        {saved.data?.length === 0 && <Typography color="text.secondary">No saved reports yet. View a chart and save it.</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {(saved.data ?? []).map((report) => (
            <SavedChart key={report._id} report={report} range={viewed ? { start: viewed.query.start, end: viewed.query.end } : null} />
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
