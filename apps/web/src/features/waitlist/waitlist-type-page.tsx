import { useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useParams } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import { formatDate } from '@apron/core/dates';
import type { TWaitlistGridRow } from '@apron/core/waitlist';
import type { TCompactLayout } from '../../components/compact-columns';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { typeGridPath, useWaitlistTypes } from './api';
import { MoveApplicantDialog } from './move-applicant-dialog';

const name = (row: TWaitlistGridRow) => `${row.firstName} ${row.lastName}`;

/**
 * CHAT SLOT (issue 11 item 9): the Chat icon of a row, with the unread count the server puts in
 * `unreadMessages` (from the chat module's `unreadCountsForApplicants`). It opens `/chat/{id}`,
 * the chat feature's page; a kit- or app-level chat component may replace this link.
 */
function ChatCell({ row }: { row: TWaitlistGridRow }) {
  const label = row.unreadMessages > 0 ? `Chat with ${name(row)}, ${row.unreadMessages} unread` : `Chat with ${name(row)}`;
  return (
    <Tooltip title="Chat">
      <IconButton component={RouterLink} to={`/chat/${encodeURIComponent(row._id)}`} aria-label={label} size="small" onClick={(event) => event.stopPropagation()}>
        <Badge badgeContent={row.unreadMessages} color="error" max={99}>
          <ChatIcon fontSize="small" />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

function columnsFor(canMove: boolean, onMove: (row: TWaitlistGridRow) => void): GridColDef<TWaitlistGridRow>[] {
  return [
    { field: 'queuePosition', headerName: 'Queue #', width: 90 },
    { field: 'firstName', headerName: 'First Name', minWidth: 120, flex: 1 },
    { field: 'lastName', headerName: 'Last Name', minWidth: 120, flex: 1 },
    { field: 'createdAt', headerName: 'Date Joined', minWidth: 110, valueFormatter: (value: string) => formatDate(value) },
    { field: 'phone', headerName: 'Phone Number', minWidth: 130 },
    { field: 'email', headerName: 'Email', minWidth: 180, flex: 1 },
    { field: 'organization', headerName: 'Organization', minWidth: 150, flex: 1 },
    { field: 'status', headerName: 'Status', minWidth: 100 },
    { field: 'propertyTypeName', headerName: 'Property Type', minWidth: 120, sortable: false },
    { field: 'chat', headerName: 'Chat', width: 70, sortable: false, renderCell: ({ row }) => <ChatCell row={row} /> },
    {
      field: 'actions',
      headerName: 'View',
      width: canMove ? 100 : 70,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title="View">
            <IconButton component={RouterLink} to={`/waitList/${encodeURIComponent(row._id)}`} aria-label={`View ${name(row)}`} size="small" onClick={(event) => event.stopPropagation()}>
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canMove && (
            <Tooltip title="Move in the queue">
              <IconButton
                aria-label={`Move ${name(row)} in the queue`}
                size="small"
                onClick={(event) => {
                  event.stopPropagation();
                  onMove(row);
                }}
              >
                <SwapVertIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      ),
    },
  ];
}

const COMPACT: TCompactLayout = { keep: { sm: ['queuePosition', 'firstName', 'lastName', 'chat', 'actions'] }, detailsIn: 'lastName' };

/** `/waitList/type/:id`: the queue of one property type, paged and sorted on the server. */
export function WaitlistTypePage() {
  const { id = '' } = useParams();
  const { user } = useAccess();
  const types = useWaitlistTypes();
  const [moving, setMoving] = useState<TWaitlistGridRow | null>(null);
  const type = types.data?.find((t) => t._id === id);
  const columns = columnsFor(isModuleAdmin(user, 'Waitlist'), setMoving);
  return (
    <>
      <PageHeader title={type ? `WaitList: ${type.name}` : 'WaitList'} backTo="/waitList" subtitle={type ? `${type.waiting} waiting` : undefined} />
      <DataGrid<TWaitlistGridRow>
        path={typeGridPath(id)}
        ariaLabel={type ? `WaitList for ${type.name}` : 'WaitList'}
        columns={columns}
        compact={COMPACT}
        searchable
      />
      {moving && <MoveApplicantDialog applicant={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
