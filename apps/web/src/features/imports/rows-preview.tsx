import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportColumn } from '@apron/core/imports';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The first rows as the import reads them (after mapping and normalising), in the kind's columns that
 * the file feeds: a last look that dates, amounts and names landed in the right columns. It scrolls
 * sideways on a phone rather than squeezing a dozen columns.
 */
export function RowsPreview({ rows, columns }: { rows: readonly Record<string, unknown>[]; columns: readonly ImportColumn[] }) {
  if (rows.length === 0) return <Typography color="text.secondary">The file has no rows.</Typography>;
  const shown = columns.filter((column) => rows.some((row) => row[column.key] !== undefined && row[column.key] !== null && row[column.key] !== ''));
  return (
    <TableContainer sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-label="First rows, scrollable">
      <Table size="small" aria-label="First rows">
        <TableHead>
          <TableRow>
            {shown.map((column) => (
              <TableCell key={column.key} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {shown.map((column) => (
                <TableCell key={column.key} sx={{ whiteSpace: 'nowrap' }}>
                  {cellText(row[column.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
