import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { CellWithFoldedLines, useIsPhone } from './compact-columns';
import { ConfirmDialog } from './confirm-dialog';
import { PageHeader } from './page-header';
import { errorMessage } from '../lib/api-client';
import { useNotify } from '../lib/notify';

/** A column of the kit's table: a header and what a row shows under it. */
export interface TCrudColumn<R> {
  header: string;
  cell: (row: R, actions: TCrudRowActions<R>) => ReactNode;
  align?: 'left' | 'right';
  /** On phones not a column of its own but a 'Header: value' line under the row's first cell. */
  hideOnPhone?: boolean;
}

/** What a cell may do: open the row's dialog, or ask the confirmation (delete, remove, disable). */
export interface TCrudRowActions<R> {
  open: (row: R) => void;
  confirm: (row: R) => void;
}

/** A confirmed action on a row: Delete, Remove, Disable. The kit asks, runs it and toasts. */
export interface TCrudConfirm<R> {
  /** The button's verb and the dialog's confirm label, e.g. 'Delete'. */
  label: string;
  title: string;
  message: (row: R) => string;
  run: (row: R) => Promise<unknown>;
  /** The toast after it ran: a text or one read from the answer (default: its `message`, else 'Deleted Successfully'). */
  successText?: string | ((answer: unknown) => string);
  /** Which rows show the button (default: all); a cell may ask through `actions.confirm` instead. */
  can?: (row: R) => boolean;
  /** No icon button: a cell asks through `actions.confirm` (e.g. a switch). */
  hideButton?: boolean;
  /** The row button's icon (default: a bin), e.g. an undo arrow for Undo. */
  icon?: ReactNode;
}

export interface TCrudSectionProps<R> {
  title: string;
  /** The table's accessible name (default: the title). */
  tableLabel?: string;
  /** 'section': a framed section with a heading (default); 'plain': no frame (inside a tab); 'page': the page header. */
  frame?: 'section' | 'plain' | 'page';
  /** The page header's back link (frame 'page'). */
  backTo?: string;
  /** The rows; for a grid the grid loads its own. */
  rows?: readonly R[];
  isLoading?: boolean;
  error?: unknown;
  /** Or the list query itself: its rows, loading and error. */
  query?: { data?: readonly R[]; isPending: boolean; error: unknown };
  /** A row's key (default: its `_id`). */
  rowKey?: (row: R) => string;
  /** How a row is named in buttons and confirmations ('Edit N123AB'). */
  rowLabel: (row: R) => string;
  /** A small table of these columns... */
  columns?: readonly TCrudColumn<R>[];
  /** ...or a data grid, given the kit's actions column (null when the row has no action). */
  grid?: (actions: GridColDef<R & GridValidRowModel> | null) => ReactNode;
  emptyText?: string;
  /** The Add button (shown from abilities) and its label; `addSlot` replaces it (an inline add form). */
  canAdd?: boolean;
  addLabel?: string;
  addIcon?: ReactNode;
  addSlot?: ReactNode;
  /** How a row is opened from its actions: 'edit', 'view' (read-only), 'open' (details), or no button. */
  openAs?: (row: R) => 'edit' | 'view' | 'open' | null;
  /** The add/edit dialog: `row` null to add. */
  renderDialog?: (row: R | null, close: () => void) => ReactNode;
  confirm?: TCrudConfirm<R>;
}

const OPEN_ICONS = { edit: <EditIcon fontSize="small" />, view: <VisibilityIcon fontSize="small" />, open: <OpenInNewIcon fontSize="small" /> };
const OPEN_VERBS = { edit: 'Edit', view: 'View', open: 'Open' };

function idOf(row: unknown): string {
  return String((row as { _id?: unknown })._id);
}

/** The usual confirmed delete: 'Delete <Noun>', the question, the call; success toasts 'Deleted Successfully'. */
export function confirmDelete<R>(noun: string, message: (row: R) => string, run: (row: R) => Promise<unknown>): TCrudConfirm<R> {
  return { label: 'Delete', title: `Delete ${noun}`, message, run, successText: 'Deleted Successfully' };
}

function defaultSuccess(answer: unknown): string {
  const message = typeof answer === 'object' && answer !== null && 'message' in answer ? (answer as { message: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : 'Deleted Successfully';
}

/**
 * The kit for a list of records with add / edit / delete: a titled section (or page) with a
 * table or grid, loading, empty and error states, an Add button shown from abilities, the
 * record's form dialog and a confirmed delete, each with its toast. New modules compose it.
 */
export function CrudSection<R>(props: TCrudSectionProps<R>) {
  const { title, tableLabel, frame = 'section', backTo, query, rowKey = idOf, rowLabel, columns, grid, emptyText = 'No records yet' } = props;
  const rows = query ? query.data : props.rows;
  const isLoading = query ? query.isPending : props.isLoading;
  const error = query ? query.error : props.error;
  const { canAdd, addLabel = 'Add', addIcon, addSlot, openAs, renderDialog, confirm } = props;
  const notify = useNotify();
  const headingId = useId();
  const [dialog, setDialog] = useState<{ row: R | null } | null>(null);
  const isPhone = useIsPhone();
  const [asking, setAsking] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const actions: TCrudRowActions<R> = { open: (row) => setDialog({ row }), confirm: setAsking };

  const runConfirmed = async (row: R) => {
    if (!confirm) return;
    setBusy(true);
    try {
      const answer = await confirm.run(row);
      const text = confirm.successText ?? defaultSuccess;
      notify.success(typeof text === 'function' ? text(answer) : text);
    } catch (failure) {
      // e.g. 409 "The property type 'X' is used by N properties and cannot be deleted."
      notify.error(failure);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const rowButtons = (row: R) => {
    const how = openAs?.(row) ?? null;
    const canConfirm = confirm && !confirm.hideButton && (confirm.can?.(row) ?? true);
    if (!how && !canConfirm) return null;
    return (
      <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
        {how && (
          <IconButton size="small" aria-label={`${OPEN_VERBS[how]} ${rowLabel(row)}`} onClick={() => setDialog({ row })}>
            {OPEN_ICONS[how]}
          </IconButton>
        )}
        {canConfirm && (
          <IconButton size="small" aria-label={`${confirm.label} ${rowLabel(row)}`} onClick={() => setAsking(row)}>
            {confirm.icon ?? <DeleteIcon fontSize="small" />}
          </IconButton>
        )}
      </Stack>
    );
  };
  const hasRowButtons = !!openAs || (!!confirm && !confirm.hideButton);

  const addButton =
    addSlot ??
    (canAdd && renderDialog ? (
      <Button variant={frame === 'page' ? 'contained' : 'text'} startIcon={addIcon ?? <AddIcon />} onClick={() => setDialog({ row: null })}>
        {addLabel}
      </Button>
    ) : null);

  const actionsColumn: GridColDef<R & GridValidRowModel> | null = hasRowButtons
    ? { field: 'actions', headerName: 'Actions', sortable: false, filterable: false, disableColumnMenu: true, width: 110, align: 'right', headerAlign: 'right', renderCell: ({ row }) => rowButtons(row) }
    : null;

  const shownColumns = columns?.filter((column) => !isPhone || !column.hideOnPhone) ?? [];
  const foldedColumns = isPhone ? (columns?.filter((column) => column.hideOnPhone) ?? []) : [];

  const list = grid ? (
    grid(actionsColumn)
  ) : (
    <>
      {isLoading && <Typography color="text.secondary">Loading</Typography>}
      {!isLoading && error !== undefined && error !== null && <Typography role="alert">{errorMessage(error)}</Typography>}
      {rows && rows.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      {rows && rows.length > 0 && columns && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={tableLabel ?? title}>
            <TableHead>
              <TableRow>
                {shownColumns.map((column) => (
                  <TableCell key={column.header} align={column.align}>
                    {column.header}
                  </TableCell>
                ))}
                {hasRowButtons && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {shownColumns.map((column, index) => (
                    <TableCell key={column.header} align={column.align}>
                      {index === 0 && foldedColumns.length > 0 ? (
                        <CellWithFoldedLines lines={foldedColumns.map((folded) => ({ label: folded.header, value: folded.cell(row, actions) }))}>{column.cell(row, actions)}</CellWithFoldedLines>
                      ) : (
                        column.cell(row, actions)
                      )}
                    </TableCell>
                  ))}
                  {hasRowButtons && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {rowButtons(row)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );

  const dialogs = (
    <>
      {dialog && renderDialog?.(dialog.row, () => setDialog(null))}
      {confirm && (
        <ConfirmDialog
          open={asking !== null}
          title={confirm.title}
          message={asking !== null ? confirm.message(asking) : ''}
          confirmLabel={confirm.label}
          destructive
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => asking !== null && void runConfirmed(asking)}
        />
      )}
    </>
  );

  if (frame === 'page') {
    return (
      <>
        <PageHeader title={title} backTo={backTo} actions={addButton ?? undefined} />
        {list}
        {dialogs}
      </>
    );
  }
  const body = (
    <Stack spacing={1}>
      {frame === 'section' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {title}
          </Typography>
          {addButton}
        </Stack>
      ) : (
        addButton && <Stack direction="row">{addButton}</Stack>
      )}
      {list}
      {dialogs}
    </Stack>
  );
  return frame === 'section' ? (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby={headingId}>
      {body}
    </Paper>
  ) : (
    body
  );
}
