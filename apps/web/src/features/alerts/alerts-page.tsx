import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@apron/core/dates';
import type { TAlertItem } from '@apron/core/alerts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, listQueryKey } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { apiFetch } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';

/** API paths are relative to `/api` (the client adds it). */
const ALERTS_PATH = '/Alerts';

/** The Type column: what produced the alert, in words. */
export const ALERT_TYPE_LABELS: Record<string, string> = {
  contact: 'Contact Us',
  lostcard: 'Lost/Stolen Card',
  notification: 'Notification',
};

/**
 * An alert's body. Messages from the public forms are plain text and shown as text, never as
 * HTML; nothing from an alert is ever injected as markup.
 */
function AlertBody({ alert }: { alert: TAlertItem }) {
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {alert.message}
    </Typography>
  );
}

function AlertDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Reading an alert marks it read on the server; refresh the list's "New" chips afterwards.
  const { data, isPending, isError } = useQuery({
    queryKey: ['alert', id],
    queryFn: async () => {
      const alert = await apiFetch<TAlertItem>(`${ALERTS_PATH}/Item/${encodeURIComponent(id)}`);
      void queryClient.invalidateQueries({ queryKey: listQueryKey(ALERTS_PATH) });
      return alert;
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="alert-title" maxWidth="sm" fullWidth>
      <DialogTitle id="alert-title">{data?.subject ?? 'Message'}</DialogTitle>
      <DialogContent dividers>
        {isPending && <Typography>Loading…</Typography>}
        {isError && <Typography role="alert">This message could not be loaded.</Typography>}
        {data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {ALERT_TYPE_LABELS[data.kind] ?? data.kind} · {formatDateTime(data.createdAt)}
            </Typography>
            <AlertBody alert={data} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/alerts`: the caller's messages (Date, Type, View), newest first; each may be removed. */
export function AlertsPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TAlertItem | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`${ALERTS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: listQueryKey(ALERTS_PATH) });
    },
    onError: (error) => notify.error(error),
  });

  const columns: GridColDef<TAlertItem>[] = [
    { field: 'createdAt', headerName: 'Date', minWidth: 150, valueFormatter: (value: string) => formatDateTime(value) },
    { field: 'kind', headerName: 'Type', minWidth: 150, sortable: false, valueFormatter: (value: string) => ALERT_TYPE_LABELS[value] ?? value },
    {
      field: 'subject',
      headerName: 'Subject',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <>
          {row.subject}
          {row.isNew && <Chip label="New" size="small" color="primary" sx={{ ml: 1 }} />}
        </>
      ),
    },
    {
      field: 'actions',
      headerName: 'View',
      sortable: false,
      minWidth: 110,
      renderCell: ({ row }) => (
        <>
          <IconButton aria-label={`View ${row.subject}`} onClick={() => setViewing(row._id)}>
            <VisibilityIcon />
          </IconButton>
          <IconButton aria-label={`Delete ${row.subject}`} onClick={() => setDeleting(row)}>
            <DeleteIcon />
          </IconButton>
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Alerts" backTo="/" backLabel="Back to home" />
      <DataGrid<TAlertItem>
        path={ALERTS_PATH}
        ariaLabel="Alerts"
        columns={columns}
        initialSort={[{ field: 'createdAt', sort: 'desc' }]}
        onRowClick={(row) => setViewing(row._id)}
      />
      {viewing && <AlertDialog id={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Delete message"
        message={`Delete "${deleting?.subject ?? ''}" from your alerts?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
