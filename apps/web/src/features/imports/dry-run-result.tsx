import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ImportColumn } from '@apron/core/imports';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorsCsvHref } from './api/downloads';
import { countsOf, type TImportCounts, type TImportPreview } from './api/types';
import { ErrorsGrid } from './errors-grid';
import { KIND_INFO } from './kinds';
import { RowsPreview } from './rows-preview';

const countFormat = new Intl.NumberFormat('en-US');
const plural = (count: number, one: string, many: string) => `${countFormat.format(count)} ${count === 1 ? one : many}`;

function countTiles(counts: TImportCounts): { label: string; value: number }[] {
  const tiles = [{ label: 'Rows', value: counts.rows }];
  if (counts.created !== undefined) tiles.push({ label: 'New', value: counts.created });
  if (counts.updated !== undefined) tiles.push({ label: 'Updated', value: counts.updated });
  tiles.push({ label: 'Errors', value: counts.errors });
  return tiles;
}

export function Counts({ counts }: { counts: TImportCounts }) {
  return (
    <Box role="group" aria-label="Counts">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, minmax(0, 8rem))' }, gap: 1, m: 0 }}>
        {countTiles(counts).map((tile) => (
          <Box key={tile.label} sx={{ border: 1, borderColor: tile.label === 'Errors' && tile.value > 0 ? 'error.main' : 'divider', borderRadius: 1, p: 1 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {tile.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {countFormat.format(tile.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Why Commit is off, or null when the batch can be committed. */
export function commitBlockedReason(preview: TImportPreview, isMappingChanged: boolean): string | null {
  if (isMappingChanged) return 'The mapping changed since this check: check the file again before importing.';
  if (preview.errorCount > 0) {
    return `Fix the ${plural(preview.errorCount, 'error', 'errors')} in the file or the mapping, then check again: a file is imported whole or not at all.`;
  }
  if (preview.rowCount === 0) return 'The file has no rows to import.';
  return null;
}

const CONFIRM_TEXT =
  'Rows whose external id is new are added; the others update their record, and unchanged ones are left alone. ' +
  'It runs on the server, so you may leave this page. You can undo the import from the history while none of its records has been changed since.';

export interface TDryRunResultProps {
  preview: TImportPreview;
  columns: readonly ImportColumn[];
  isMappingChanged: boolean;
  isCommitting: boolean;
  onCommit: () => Promise<unknown>;
}

/** Step 4: what the file would do (nothing is written yet), its errors, and Commit. */
export function DryRunResult({ preview, columns, isMappingChanged, isCommitting, onCommit }: TDryRunResultProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const reasonId = useId();
  const blocked = commitBlockedReason(preview, isMappingChanged);
  const info = KIND_INFO[preview.kind];
  const hasErrors = preview.errorCount > 0;
  const rows = plural(preview.rowCount, 'row', 'rows');

  return (
    <Stack spacing={2}>
      <Counts counts={countsOf(preview)} />
      {hasErrors ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Typography variant="h6" component="h3">
              Errors
            </Typography>
            <Button component="a" href={errorsCsvHref(preview.batchId)} download variant="outlined" size="small" startIcon={<DownloadIcon />}>
              Download errors (CSV)
            </Button>
          </Stack>
          <ErrorsGrid batchId={preview.batchId} columns={columns} />
        </>
      ) : (
        <Alert severity="success">No errors: every row can be imported.</Alert>
      )}
      <Typography variant="h6" component="h3">
        First rows
      </Typography>
      <RowsPreview rows={preview.rows} columns={columns} />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button variant="contained" disabled={!!blocked || isCommitting} onClick={() => setIsConfirming(true)} aria-describedby={blocked ? reasonId : undefined}>
          Import {rows} of {info.many}
        </Button>
        {blocked && (
          <Typography id={reasonId} variant="body2" color={hasErrors ? 'error' : 'text.secondary'}>
            {blocked}
          </Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={isConfirming}
        title={`Import ${rows} of ${info.many} from ${preview.fileName}?`}
        message={CONFIRM_TEXT}
        confirmLabel="Import"
        busy={isCommitting}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          void onCommit().finally(() => setIsConfirming(false));
        }}
      />
    </Stack>
  );
}
