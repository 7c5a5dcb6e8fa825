import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import UndoIcon from '@mui/icons-material/Undo';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '@apron/core/dates';
import { CrudSection } from '../../components/crud-section';
import { DataGrid } from '../../components/data-grid';
import { IMPORT_HISTORY_PATH, isRunning, useUndoImport } from './api/batches';
import { countsOf, percentDone, type TImportBatch, type TImportCounts, type TImportStatus } from './api/types';
import { KIND_INFO } from './kinds';

const STATUS_TEXT: Record<TImportStatus, string> = {
  previewed: 'Checked, not imported',
  committing: 'Importing',
  committed: 'Imported',
  failed: 'Failed',
  undone: 'Undone',
};

const countFormat = new Intl.NumberFormat('en-US');

export function countsText(counts: TImportCounts): string {
  const parts = [`${countFormat.format(counts.rows)} rows`];
  if (counts.created) parts.push(`${countFormat.format(counts.created)} new`);
  if (counts.updated) parts.push(`${countFormat.format(counts.updated)} updated`);
  if (counts.errors) parts.push(`${countFormat.format(counts.errors)} errors`);
  return parts.join(' · ');
}

function statusText(batch: TImportBatch): string {
  return isRunning(batch.status) ? `${STATUS_TEXT[batch.status]} ${percentDone(batch)}%` : STATUS_TEXT[batch.status];
}

function undoQuestion(batch: TImportBatch): string {
  const { created, updated } = countsOf(batch);
  const what =
    created !== undefined && updated !== undefined
      ? `The ${countFormat.format(created)} records it added are removed and the ${countFormat.format(updated)} it changed are put back as they were.`
      : 'The records it added are removed and those it changed are put back as they were.';
  return `Undo the import of ${batch.fileName}? ${what}`;
}

const rowLabel = (batch: TImportBatch) => `${KIND_INFO[batch.kind].label} ${batch.fileName}`;

/**
 * The airport's past imports, newest first: a running one reopens its progress, a committed one
 * can be undone (the server refuses, 409 with its reason, once one of its records changed since).
 */
export function ImportHistory({ onOpenBatch }: { onOpenBatch: (batchId: string) => void }) {
  const undo = useUndoImport();
  const columns = useMemo<GridColDef<TImportBatch>[]>(
    () => [
      { field: 'createdAt', headerName: 'When', width: 150, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'kind', headerName: 'Kind', width: 150, sortable: false, valueFormatter: (value: TImportBatch['kind']) => KIND_INFO[value].label },
      { field: 'fileName', headerName: 'File', flex: 1, minWidth: 160, sortable: false },
      { field: 'createdBy', headerName: 'By', width: 150, sortable: false },
      {
        field: 'status',
        headerName: 'Status',
        width: 200,
        sortable: false,
        valueGetter: (_value, row) => statusText(row),
        renderCell: ({ row }) =>
          isRunning(row.status) ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
              <span>{statusText(row)}</span>
              <Button size="small" onClick={() => onOpenBatch(row.batchId)} aria-label={`Show the progress of ${rowLabel(row)}`}>
                Show
              </Button>
            </Stack>
          ) : (
            statusText(row)
          ),
      },
      { field: 'counts', headerName: 'Counts', width: 220, sortable: false, valueGetter: (_value, row) => countsText(countsOf(row)) },
    ],
    [onOpenBatch],
  );
  return (
    <CrudSection<TImportBatch>
      title="History"
      rowKey={(batch) => batch.batchId}
      rowLabel={rowLabel}
      grid={(actions) => (
        <DataGrid<TImportBatch>
          path={IMPORT_HISTORY_PATH}
          columns={actions ? [...columns, actions] : columns}
          getRowId={(batch) => batch.batchId}
          ariaLabel="Import history"
          initialSort={[{ field: 'createdAt', sort: 'desc' }]}
          // The kit's Undo column ('actions') stays a column at every width.
          compact={{ keep: { sm: ['fileName', 'actions'], md: ['createdAt', 'fileName', 'status', 'actions'] }, detailsIn: 'fileName' }}
        />
      )}
      confirm={{
        label: 'Undo',
        title: 'Undo import',
        icon: <UndoIcon fontSize="small" />,
        can: (batch) => batch.status === 'committed',
        message: undoQuestion,
        run: (batch) => undo.mutateAsync(batch.batchId),
        successText: 'Import undone',
      }}
    />
  );
}
