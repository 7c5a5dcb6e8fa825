import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONTH_NAMES, QUARTER_LABELS, formatReportDate, reportPeriod, type TPeriod, type TPeriodKind, type TReportPeriods } from '@apron/core/reports';

const CURRENT_LABEL: Record<TPeriodKind, [string, string]> = {
  month: ['Current Month', 'Previous Month'],
  quarter: ['Current Quarter', 'Previous Quarter'],
  year: ['Current Year', 'Previous Year'],
};

/**
 * Year (from the first year with data), month or quarter, and Current / Previous buttons whose
 * periods the server computed in the airport time zone. Shows the range as MM-DD-YYYY.
 */
export function PeriodPicker(props: { kind: TPeriodKind; periods: TReportPeriods; value: TPeriod; onChange: (next: TPeriod) => void }) {
  const { kind, periods, value, onChange } = props;
  const [currentLabel, previousLabel] = CURRENT_LABEL[kind];
  const current = kind === 'month' ? periods.currentMonth : kind === 'quarter' ? periods.currentQuarter : periods.currentYear;
  const previous = kind === 'month' ? periods.previousMonth : kind === 'quarter' ? periods.previousQuarter : periods.previousYear;
  const years = periods.years.includes(value.year) ? periods.years : [...periods.years, value.year].sort((a, b) => b - a);
  const selectProps = { slotProps: { select: { native: true }, inputLabel: { shrink: true } }, size: 'small' as const };
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: { sm: 'center' } }}>
        <MuiTextField select label="Year" value={value.year} onChange={(e) => onChange(reportPeriod(kind, Number(e.target.value), value.index))} sx={{ minWidth: 110 }} {...selectProps}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </MuiTextField>
        {kind === 'month' && (
          <MuiTextField select label="Month" value={value.index} onChange={(e) => onChange(reportPeriod('month', value.year, Number(e.target.value)))} sx={{ minWidth: 150 }} {...selectProps}>
            {MONTH_NAMES.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </MuiTextField>
        )}
        {kind === 'quarter' && (
          <MuiTextField select label="Quarter" value={value.index} onChange={(e) => onChange(reportPeriod('quarter', value.year, Number(e.target.value)))} sx={{ minWidth: 150 }} {...selectProps}>
            {QUARTER_LABELS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </MuiTextField>
        )}
        <Button size="small" variant={value.begin === current.begin && value.end === current.end ? 'contained' : 'outlined'} onClick={() => onChange(current)}>
          {currentLabel}
        </Button>
        <Button size="small" variant={value.begin === previous.begin && value.end === previous.end ? 'contained' : 'outlined'} onClick={() => onChange(previous)}>
          {previousLabel}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        From {formatReportDate(value.begin)} to {formatReportDate(value.end)}
      </Typography>
    </Stack>
  );
}
