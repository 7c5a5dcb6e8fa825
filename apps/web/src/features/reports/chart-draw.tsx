import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { RadarChart } from '@mui/x-charts/RadarChart';
import { CHART_MEASURE_LABELS, type TChartData, type TChartType } from '@apron/core/reports';

/**
 * The y-axis's tick labels: compact ('$1.5M', '15K') in an axis wide enough for them. The
 * default 30 px axis cut full figures ('15,…').
 */
const Y_AXIS_WIDTH = 56;
const compactMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Draws chart data as Bar, Pie or Radar (MUI X Charts; this file loads with the charts tab only). */
export function ChartDraw({ data, chartType, height = 300 }: { data: TChartData; chartType: TChartType; height?: number }) {
  const label = CHART_MEASURE_LABELS[data.measure];
  if (data.points.length === 0) return <Typography color="text.secondary">No data in this period.</Typography>;
  const labels = data.points.map((p) => p.label);
  const values = data.points.map((p) => p.value);
  const format = (v: number | null) => (v === null ? '' : data.unit === 'dollars' ? `$${v.toFixed(2)}` : String(v));
  if (chartType === 'Pie') {
    return <PieChart height={height} series={[{ data: data.points.map((p, i) => ({ id: i, value: p.value, label: p.label })), valueFormatter: (item) => format(item.value) }]} />;
  }
  if (chartType === 'Radar') {
    // A radar needs at least three axes; fewer points are drawn as bars.
    if (labels.length >= 3) return <RadarChart height={height} series={[{ label, data: values, valueFormatter: format }]} radar={{ metrics: labels }} />;
  }
  const tick = data.unit === 'dollars' ? compactMoney : compactCount;
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: labels }]}
      yAxis={[{ width: Y_AXIS_WIDTH, valueFormatter: (value: number) => tick.format(value) }]}
      series={[{ label, data: values, valueFormatter: format }]}
    />
  );
}
