import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_CRON_EXPRESSION, describeCron } from '@apron/core/settings';

export type TCronPreset = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom';

interface TCronParts {
  preset: TCronPreset;
  minute: number;
  hour: number;
  weekday: number;
  day: number;
  month: number;
}

const PRESETS: { value: TCronPreset; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
  { value: 'custom', label: 'Custom' },
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const isNumber = (text: string | undefined): text is string => text !== undefined && /^\d+$/.test(text);

/** Reads a five-field expression back into the editor's preset and numbers. */
export function parseCron(expression: string): TCronParts {
  const base: TCronParts = { preset: 'custom', minute: 0, hour: 0, weekday: 1, day: 1, month: 1 };
  const [minute, hour, dom, month, dow, ...rest] = expression.trim().split(/\s+/);
  if (rest.length > 0 || !isNumber(minute) || !isNumber(hour)) return base;
  const time = { minute: Number(minute), hour: Number(hour) };
  if (dom === '*' && month === '*' && dow === '*') return { ...base, ...time, preset: 'daily' };
  if (dom === '*' && month === '*' && isNumber(dow) && Number(dow) <= 6) return { ...base, ...time, preset: 'weekly', weekday: Number(dow) };
  if (isNumber(dom) && month === '*' && dow === '*') return { ...base, ...time, preset: 'monthly', day: Number(dom) };
  if (isNumber(dom) && isNumber(month) && dow === '*') return { ...base, ...time, preset: 'yearly', day: Number(dom), month: Number(month) };
  return { ...base, ...time };
}

/** Builds the expression of a preset (custom keeps the raw text). */
export function buildCron(parts: TCronParts): string {
  const { minute, hour, weekday, day, month } = parts;
  switch (parts.preset) {
    case 'weekly':
      return `${minute} ${hour} * * ${weekday}`;
    case 'monthly':
      return `${minute} ${hour} ${day} * *`;
    case 'yearly':
      return `${minute} ${hour} ${day} ${month} *`;
    default:
      return `${minute} ${hour} * * *`;
  }
}

function NumberSelect(props: { label: string; value: number; options: { value: number; label: string }[]; onChange: (value: number) => void }) {
  return (
    <MuiTextField
      select
      size="small"
      label={props.label}
      value={String(props.value)}
      onChange={(event) => props.onChange(Number(event.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 110 }}
    >
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </MuiTextField>
  );
}

const range = (from: number, to: number, label: (n: number) => string = String) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, label: label(from + i) }));
const pad = (n: number) => String(n).padStart(2, '0');

export interface TCronEditorProps {
  label: string;
  value: string | undefined;
  onChange: (expression: string) => void;
  error?: string;
  helperText?: ReactNode;
}

/** A schedule editor: Daily / Weekly / Monthly / Yearly / Custom, time of day, a readable preview. */
export function CronEditor({ label, value, onChange, error, helperText }: TCronEditorProps) {
  const expression = value && value.trim() ? value : DEFAULT_CRON_EXPRESSION;
  const parsed = parseCron(expression);
  const [preset, setPreset] = useState<TCronPreset>(parsed.preset);
  const legendId = useId();
  const previewId = useId();
  const parts: TCronParts = { ...parsed, preset };

  const update = (change: Partial<TCronParts>) => onChange(buildCron({ ...parts, ...change }));
  const changePreset = (next: TCronPreset) => {
    setPreset(next);
    if (next !== 'custom') onChange(buildCron({ ...parts, preset: next }));
  };

  return (
    <Box component="fieldset" aria-labelledby={legendId} aria-describedby={previewId} sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography id={legendId} component="legend" variant="body2" sx={{ px: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <MuiTextField
          select
          size="small"
          label="Frequency"
          value={preset}
          onChange={(event) => changePreset(event.target.value as TCronPreset)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 140 }}
        >
          {PRESETS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </MuiTextField>
        {preset === 'weekly' && (
          <NumberSelect label="Day of Week" value={parts.weekday} options={WEEKDAYS.map((d, i) => ({ value: i, label: d }))} onChange={(weekday) => update({ weekday })} />
        )}
        {preset === 'yearly' && (
          <NumberSelect label="Month" value={parts.month} options={MONTHS.map((m, i) => ({ value: i + 1, label: m }))} onChange={(month) => update({ month })} />
        )}
        {(preset === 'monthly' || preset === 'yearly') && (
          <NumberSelect label="Day of Month" value={parts.day} options={range(1, 31)} onChange={(day) => update({ day })} />
        )}
        {preset !== 'custom' && (
          <>
            <NumberSelect label="Hour" value={parts.hour} options={range(0, 23, pad)} onChange={(hour) => update({ hour })} />
            <NumberSelect label="Minute" value={parts.minute} options={range(0, 59, pad)} onChange={(minute) => update({ minute })} />
          </>
        )}
        {preset === 'custom' && (
          <MuiTextField
            size="small"
            label="Expression"
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value)}
            helperText="minute hour day month weekday"
            sx={{ minWidth: 220 }}
          />
        )}
      </Stack>
      <Box id={previewId} sx={{ mt: 2 }} aria-live="polite">
        <Typography variant="body2" data-testid="cron-preview">
          {describeCron(value ?? expression)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Expression: <code data-testid="cron-expression">{value ?? expression}</code>
        </Typography>
      </Box>
      {(error ?? helperText) && <FormHelperText error={!!error}>{error ?? helperText}</FormHelperText>}
    </Box>
  );
}
