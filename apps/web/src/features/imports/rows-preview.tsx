import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportColumn } from '@apron/core/imports';
import type { TImportPreviewRow } from './api/types';

/** A parsed value as a cell reads: lists joined by ';', a pair such as an attribute as 'name=value'. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).map(cellText).join('=');
  return String(value);
}

const valueOf = (row: TImportPreviewRow, key: string): unknown => (key === 'externalId' ? row.externalId : row.value[key]);
const isShown = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * The first valid rows as the import reads them (after mapping and normalising), in the kind's columns
 * the file feeds: a last look that dates, amounts and names landed in the right columns. It scrolls
 * sideways on a phone rather than squeezing a dozen columns.
 */
export function RowsPreview({ rows, columns }: { rows: readonly TImportPreviewRow[]; columns: readonly ImportColumn[] }) {
  if (rows.length === 0) return <Typography color="text.secondary">No row of the file can be read yet.</Typography>;
  const shown = columns.filter((column) => rows.some((row) => isShown(valueOf(row, column.key))));
  return (
    <TableContainer sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} role="region" aria-label="First rows, scrollable">
      <Table size="small" aria-label="First rows">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Row</TableCell>
            {shown.map((column) => (
              <TableCell key={column.key} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.row}>
              <TableCell>{row.row}</TableCell>
              {shown.map((column) => (
                <TableCell key={column.key} sx={{ whiteSpace: 'nowrap' }}>
                  {cellText(valueOf(row, column.key))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
