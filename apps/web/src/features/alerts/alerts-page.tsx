import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@apron/core/dates';
import type { TAlertItem } from '@apron/core/alerts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { RichTextView } from '../../components/rich-text-view';
import { isApiError } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useNotify } from '../../lib/notify';
import { alertTypeLabel } from './alert-labels';
import { ALERTS_PATH, deleteAlert, emailAlert, fetchAlert, refreshAlerts } from './api/alerts-api';
import { PrintAlerts } from './print-alerts';

export { ALERT_TYPE_LABELS } from './alert-labels';

/** The Create Notification dialog (with the rich-text editor) loads when it is opened. */
const CreateNotificationDialog = lazy(async () => ({ default: (await import('./create-notification-dialog')).CreateNotificationDialog }));

/** Spec doc 2 §9 / PRODUCT-RULES 23: messages page 10, with 5, 10 and 15. */
const MESSAGE_PAGE_SIZES = [5, 10, 15] as const;

/** Share one alert by e-mail (internal users): the server mails the stored, sanitised alert. */
function EmailAlertForm({ id }: { id: string }) {
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: () => emailAlert({ id, email }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      setEmail('');
      setError(undefined);
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.fieldErrors.email) setError(failure.fieldErrors.email);
      else notify.error(failure);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(email.trim() ? 'Email is not valid' : 'Email is required');
      return;
    }
    send.mutate();
  };
  return (
    <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={submit} sx={{ mt: 2 }} noValidate>
      <TextField size="small" label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={!!error} helperText={error} sx={{ flex: 1 }} />
      <Button type="submit" variant="outlined" disabled={send.isPending}>
        Email
      </Button>
    </Stack>
  );
}

function AlertDialog({ id, canEmail, onClose }: { id: string; canEmail: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Reading an alert marks it read on the server; refresh the list's bold rows and the badges.
  const { data, isPending, isError } = useQuery({
    queryKey: ['alert', id],
    queryFn: async () => {
      const alert = await fetchAlert(id);
      refreshAlerts(queryClient);
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
              {alertTypeLabel(data.kind)} · {formatDateTime(data.createdAt)}
            </Typography>
            <RichTextView value={data.message} format={data.format} id="alert-body" />
            {canEmail && <EmailAlertForm id={data._id} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * `/alerts`: the caller's messages (Date, Type, View), newest first; unread ones bold until
 * opened. Internal users create notifications and e-mail one; anyone ticks messages and prints
 * exactly those (Export Selected), or removes one after a confirmation.
 */
export function AlertsPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useAccess();
  const isInternal = !!user?.isInternal;
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TAlertItem | null>(null);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Map<string, TAlertItem>>(new Map());
  const [printing, setPrinting] = useState<TAlertItem[] | null>(null);
  const donePrinting = useCallback(() => setPrinting(null), []);
  const remove = useMutation({
    mutationFn: deleteAlert,
    onSuccess: (answer, id) => {
      notify.success(answer.message);
      setDeleting(null);
      setSelected((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
      refreshAlerts(queryClient);
    },
    onError: (error) => notify.error(error),
  });
  const toggle = (row: TAlertItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row._id)) next.delete(row._id);
      else next.set(row._id, row);
      return next;
    });

  const columns: GridColDef<TAlertItem>[] = [
    {
      field: 'select',
      headerName: 'Select',
      width: 70,
      sortable: false,
      renderCell: ({ row }) => (
        <Checkbox size="small" checked={selected.has(row._id)} onClick={(e) => e.stopPropagation()} onChange={() => toggle(row)} slotProps={{ input: { 'aria-label': `Select ${row.subject}` } }} />
      ),
    },
    { field: 'createdAt', headerName: 'Date', minWidth: 150, valueFormatter: (value: string) => formatDateTime(value) },
    { field: 'kind', headerName: 'Type', minWidth: 150, sortable: false, valueFormatter: (value: string) => alertTypeLabel(value) },
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
          <IconButton aria-label={`View ${row.subject}`} onClick={(e) => { e.stopPropagation(); setViewing(row._id); }}>
            <VisibilityIcon />
          </IconButton>
          <IconButton aria-label={`Delete ${row.subject}`} onClick={(e) => { e.stopPropagation(); setDeleting(row); }}>
            <DeleteIcon />
          </IconButton>
        </>
      ),
    },
  ];

  const toolbar = (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button variant="outlined" disabled={selected.size === 0} onClick={() => setPrinting([...selected.values()])}>
        Export Selected{selected.size > 0 ? ` (${selected.size})` : ''}
      </Button>
      {isInternal && (
        <Button variant="contained" onClick={() => setCreating(true)}>
          Create Notification
        </Button>
      )}
    </Stack>
  );

  return (
    <>
      <PageHeader title="Alerts" backTo="/" backLabel="Back to home" />
      <Box sx={{ '& .alert-unread': { fontWeight: 700 } }}>
        <DataGrid<TAlertItem>
          path={ALERTS_PATH}
          ariaLabel="Alerts"
          columns={columns}
          toolbar={toolbar}
          pageSizeOptions={MESSAGE_PAGE_SIZES}
          initialSort={[{ field: 'createdAt', sort: 'desc' }]}
          onRowClick={(row) => setViewing(row._id)}
          gridProps={{ getRowClassName: ({ row }) => (row.isNew ? 'alert-unread' : 'alert-read') }}
        />
      </Box>
      {viewing && <AlertDialog id={viewing} canEmail={isInternal} onClose={() => setViewing(null)} />}
      {creating && (
        <Suspense fallback={null}>
          <CreateNotificationDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {printing && <PrintAlerts alerts={printing} onDone={donePrinting} />}
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
