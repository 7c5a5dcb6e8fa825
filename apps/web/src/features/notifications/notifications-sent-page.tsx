import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '@apron/core/dates';
import { MAIL_STATUSES, type TMailMessage, type TMailStatus } from '@apron/core/mail';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { RichTextView } from '../../components/rich-text-view';
import { useNotify } from '../../lib/notify';
import { MAIL_PATH, useResendMail, useSentMailBody } from './api';

const STATUS_COLOR: Record<TMailStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = { queued: 'info', sending: 'warning', sent: 'success', failed: 'error' };

/** One e-mail's body: sanitised HTML through the kit's renderer, or its text; private ones are never shown. */
function SentMailDialog({ mail, onClose }: { mail: TMailMessage; onClose: () => void }) {
  const body = useSentMailBody(mail._id);
  return (
    <Dialog open onClose={onClose} aria-labelledby="sent-mail-title" maxWidth="md" fullWidth>
      <DialogTitle id="sent-mail-title">{mail.subject}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          To {mail.to.join(', ')} · {formatDateTime(mail.createdAt)} · {mail.status}, {mail.attempts} attempt{mail.attempts === 1 ? '' : 's'}
          {mail.lastError ? ` · ${mail.lastError}` : ''}
        </Typography>
        {body.isPending && <Typography>Loading…</Typography>}
        {body.isError && <Typography role="alert">This e-mail could not be loaded.</Typography>}
        {body.data?.private && <Typography>This e-mail holds a link meant for its recipient only; its body is not shown.</Typography>}
        {body.data && !body.data.private && (body.data.html ? <RichTextView value={body.data.html} /> : <RichTextView value={body.data.text ?? ''} format="text" />)}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Settings > Notifications Sent: every e-mail sent or tried, searchable, paged; a failed one can be resent. */
export function NotificationsSentPage() {
  const notify = useNotify();
  const [status, setStatus] = useState<TMailStatus | ''>('');
  const [viewing, setViewing] = useState<TMailMessage | null>(null);
  const resend = useResendMail();
  const resendMail = (id: string) => resend.mutate(id, { onSuccess: () => notify.success('Queued to send again'), onError: (error) => notify.error(error) });
  const columns: GridColDef<TMailMessage>[] = [
    { field: 'to', headerName: 'Emails', flex: 1, minWidth: 200, sortable: false, valueFormatter: (value: string[]) => value.join(', ') },
    { field: 'subject', headerName: 'Subject', flex: 1, minWidth: 180, sortable: false },
    { field: 'createdAt', headerName: 'Created At', minWidth: 150, sortable: false, valueFormatter: (value: string) => formatDateTime(value) },
    {
      field: 'status',
      headerName: 'Status',
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => <Chip size="small" label={row.status} color={STATUS_COLOR[row.status]} />,
    },
    { field: 'attempts', headerName: 'Attempts', minWidth: 90, sortable: false },
    {
      field: 'actions',
      headerName: 'View',
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <IconButton aria-label={`View ${row.subject}`} onClick={(e) => { e.stopPropagation(); setViewing(row); }}>
            <VisibilityIcon />
          </IconButton>
          {row.status === 'failed' && (
            <Button size="small" disabled={resend.isPending} onClick={(e) => { e.stopPropagation(); resendMail(row._id); }}>
              Resend
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader title="Notifications Sent" backTo="/settings" />
      <DataGrid<TMailMessage>
        path={MAIL_PATH}
        ariaLabel="Notifications Sent"
        columns={columns}
        searchable
        searchLabel="Search e-mails"
        filters={{ status: status || undefined }}
        onRowClick={setViewing}
        toolbar={
          <TextField select size="small" label="Status" value={status} onChange={(e) => setStatus(e.target.value as TMailStatus | '')} sx={{ minWidth: 140 }}>
            <MenuItem value="">All</MenuItem>
            {MAIL_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {viewing && <SentMailDialog mail={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
