import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';
import { useDeleteRecordNote, useRecordNotes, type TNoteKind, type TOwnerRef } from './record-notes-api';

interface TNote {
  _id: string;
  abilities?: { delete?: boolean };
}

export interface TRecordNotesProps<T extends TNote> {
  kind: TNoteKind;
  owner: TOwnerRef;
  /** The section's heading; also the list's accessible name. */
  title: string;
  /** A button beside the heading (Add Remark). */
  headerAction?: ReactNode;
  /** Controls between the heading and the list (the document type and the upload button). */
  toolbar?: ReactNode;
  /** 'Loading documents' / 'No documents'. */
  loadingText: string;
  emptyText: string;
  /** Whether the signed-in user may delete (each row may still refuse it in its abilities). */
  canDelete: boolean;
  /** The delete button's name for a row ('Delete lease.pdf'). */
  deleteLabel: (row: T) => string;
  /** The confirmation's title and its question about the row. */
  confirmTitle: string;
  confirmMessage: (row: T | null) => string;
  primary: (row: T) => ReactNode;
  secondary: (row: T) => ReactNode;
  /** Remarks: multi-line messages keep their breaks, rows align to the top. */
  multiline?: boolean;
}

/**
 * The documents or the remarks of one record: a titled section, 'Loading …' / 'No …', the list
 * with a delete button per row the user may delete, asked first; the answer's message (or
 * 'Deleted Successfully') as the toast. What is added, and how, is the caller's (toolbar,
 * header action).
 */
export function RecordNotes<T extends TNote>(props: TRecordNotesProps<T>) {
  const { kind, owner, title, headerAction, toolbar, loadingText, emptyText, canDelete, deleteLabel, confirmTitle, confirmMessage, primary, secondary, multiline } = props;
  const notify = useNotify();
  const [toDelete, setToDelete] = useState<T | null>(null);
  const list = useRecordNotes<T>(kind, owner);
  const remove = useDeleteRecordNote(kind, owner);
  const headingId = `${kind}-${owner.ownerId}`;
  const rows = list.data ?? [];
  const deleteRow = (row: T) =>
    remove.mutate(row._id, {
      onSuccess: (body) => {
        setToDelete(null);
        notify.success(body?.message ?? 'Deleted Successfully');
      },
      onError: (error) => notify.error(error),
    });
  const heading = (
    <Typography id={headingId} variant="h6" component="h2" gutterBottom={!headerAction}>
      {title}
    </Typography>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      {headerAction ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          {heading}
          {headerAction}
        </Stack>
      ) : (
        heading
      )}
      {toolbar}
      {list.isPending ? (
        <Typography color="text.secondary">{loadingText}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <List dense={!multiline} aria-label={title}>
          {rows.map((row) => (
            <ListItem
              key={row._id}
              divider
              alignItems={multiline ? 'flex-start' : undefined}
              secondaryAction={
                canDelete && row.abilities?.delete !== false ? (
                  <IconButton edge="end" aria-label={deleteLabel(row)} onClick={() => setToDelete(row)}>
                    <DeleteIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText primary={primary(row)} secondary={secondary(row)} slotProps={multiline ? { secondary: { sx: { whiteSpace: 'pre-wrap' } } } : undefined} />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={confirmTitle}
        message={confirmMessage(toDelete)}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && deleteRow(toDelete)}
      />
    </Paper>
  );
}
