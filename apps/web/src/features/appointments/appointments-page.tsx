import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import type { GridColDef } from '@mui/x-data-grid';
import type { TInviteRow } from '@apron/core/appointments';
import { formatDateTime } from '@apron/core/dates';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { INVITES_PATH } from './api';

// The form (react-hook-form, zod) loads when it is opened, not with the list.
const SendInviteDialog = lazy(async () => ({ default: (await import('./send-invite-dialog')).SendInviteDialog }));

const columns: GridColDef<TInviteRow>[] = [
  { field: 'title', headerName: 'Title', flex: 1, minWidth: 180 },
  { field: 'start', headerName: 'Start', minWidth: 150, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'end', headerName: 'End', minWidth: 150, sortable: false, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'location', headerName: 'Location', minWidth: 160, sortable: false },
  {
    field: 'emails',
    headerName: 'Emails',
    flex: 1,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal', py: 1 }}>{row.emails.join(', ')}</Typography>,
  },
  { field: 'createdAt', headerName: 'Sent', minWidth: 150, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'createdBy', headerName: 'Sent By', minWidth: 180, sortable: false },
];

/** `/appointment`: Send Invite (a calendar invite by e-mail, with an .ics) and the invites sent, newest first. */
export function AppointmentsPage() {
  const [sending, setSending] = useState(false);
  return (
    <>
      <PageHeader
        title="Appointments"
        backTo="/"
        backLabel="Back to home"
        actions={
          <Button variant="contained" startIcon={<EventIcon />} onClick={() => setSending(true)}>
            Send Invite
          </Button>
        }
      />
      <DataGrid<TInviteRow> path={INVITES_PATH} ariaLabel="Sent invites" columns={columns} searchable searchLabel="Search invites" initialSort={[{ field: 'createdAt', sort: 'desc' }]} />
      {sending && (
        <Suspense fallback={null}>
          <SendInviteDialog onClose={() => setSending(false)} />
        </Suspense>
      )}
    </>
  );
}
