import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ImportColumn } from '@apron/core/imports';
import type { TImportMapping } from './api/types';

export interface TColumnMappingProps {
  /** The kind's columns (packages/core), in the template's order: the screen is built from these alone. */
  columns: readonly ImportColumn[];
  /** The file's headers, in the file's order. */
  headers: readonly string[];
  mapping: TImportMapping;
  onChange: (mapping: TImportMapping) => void;
  /** Runs the dry run again with `mapping`; offered once the mapping differs from the one checked. */
  onCheck: () => void;
  isChanged: boolean;
  isChecking: boolean;
}

const NOT_IN_FILE = '';

/** The header that feeds `columnKey`, or '' (the mapping is kept as the server keeps it: header -> column). */
export function headerFor(mapping: TImportMapping, columnKey: string): string {
  return Object.keys(mapping).find((header) => mapping[header] === columnKey) ?? NOT_IN_FILE;
}

/**
 * The mapping with `columnKey` read from `header` ('' for none): the column's previous header is
 * let go, and a header feeds one column only, so a column that had `header` is left without one.
 */
export function mapColumn(mapping: TImportMapping, columnKey: string, header: string): TImportMapping {
  const next = Object.fromEntries(Object.entries(mapping).filter(([from, to]) => to !== columnKey && from !== header));
  return header ? { ...next, [header]: columnKey } : next;
}

/**
 * Step 3: which header of the file feeds each column of the kind. The server's guess (or the mapping
 * saved for the kind) comes pre-filled; required columns are marked, and one left without a header
 * says so on its field before the check runs.
 */
export function ColumnMapping({ columns, headers, mapping, onChange, onCheck, isChanged, isChecking }: TColumnMappingProps) {
  const known = new Set(columns.map((column) => column.key));
  const unused = headers.filter((header) => !known.has(mapping[header] ?? ''));
  const missingRequired = columns.filter((column) => column.required && !headerFor(mapping, column.key));

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Each column of the template, and the column of your file it is read from. Columns marked * are required.
      </Typography>
      <Box
        role="group"
        aria-label="Column mapping"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }}
      >
        {columns.map((column) => {
          const value = headerFor(mapping, column.key);
          const isMissing = !!column.required && !value;
          return (
            <MuiTextField
              key={column.key}
              select
              size="small"
              label={column.label}
              required={column.required}
              value={value}
              error={isMissing}
              helperText={isMissing ? `${column.label} is required: choose the column of your file that holds it` : column.help}
              onChange={(event) => onChange(mapColumn(mapping, column.key, event.target.value))}
              disabled={isChecking}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={NOT_IN_FILE}>Not in the file</option>
              {headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </MuiTextField>
          );
        })}
      </Box>
      {unused.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Not imported: {unused.join(', ')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant={isChanged ? 'contained' : 'outlined'} startIcon={<RefreshIcon />} onClick={onCheck} disabled={!isChanged || isChecking}>
          {isChecking ? 'Checking…' : 'Check the file again'}
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {isChanged
            ? missingRequired.length > 0
              ? `Still missing: ${missingRequired.map((column) => column.label).join(', ')}.`
              : 'The mapping changed: check the file again to see what it would do.'
            : 'The result below is for this mapping.'}
        </Typography>
      </Stack>
    </Stack>
  );
}
