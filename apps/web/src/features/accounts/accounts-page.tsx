import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAccount, TAccountUpdate } from '@apron/core/accounts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { AddAccountDialog, EditAccountDialog } from './account-dialogs';
import { ACCOUNTS_PATH, useSendInvitation, useUpdateAccount } from './api';

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

interface TPendingChange {
  account: TAccount;
  change: TAccountUpdate;
  title: string;
  message: string;
}

/** Settings > Accounts: add, edit names and modules, make or remove admin, enable or disable, send an invitation again. No delete. */
export function AccountsPage() {
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TAccount | null>(null);
  const [pending, setPending] = useState<TPendingChange | null>(null);

  const update = useUpdateAccount();
  const { mutate: send } = update;
  const mutate = useCallback(
    ({ account, change }: { account: TAccount; change: TAccountUpdate }) =>
      send(
        { id: account._id, change },
        {
          onSuccess: () => {
            setPending(null);
            notify.success(SUCCESS_TEXT.updated);
          },
          onError: (error) => {
            setPending(null);
            notify.error(error);
          },
        },
      ),
    [send, notify],
  );
  const { mutate: sendInvitation } = useSendInvitation();
  const invite = useCallback(
    (account: TAccount) =>
      sendInvitation(account._id, {
        onSuccess: () => notify.success(`Invitation sent to ${account.email}`),
        onError: (error) => notify.error(error),
      }),
    [sendInvitation, notify],
  );
  const columns = useMemo<GridColDef<TAccount>[]>(
    () => [
      { field: 'email', headerName: 'Email', flex: 1.5, minWidth: 200 },
      { field: 'givenName', headerName: 'First Name', flex: 1, minWidth: 120 },
      { field: 'familyName', headerName: 'Last Name', flex: 1, minWidth: 120 },
      { field: 'isInternal', headerName: 'Internal', width: 90, valueFormatter: yesNo },
      { field: 'isAdmin', headerName: 'Admin', width: 80, valueFormatter: yesNo },
      { field: 'modules', headerName: 'Modules', flex: 1.5, minWidth: 180, sortable: false, valueFormatter: (value: unknown) => (Array.isArray(value) ? value.join(', ') : '') },
      {
        field: 'enabled',
        headerName: 'Enabled',
        width: 100,
        renderCell: ({ row }) => (
          <Switch
            checked={row.enabled}
            slotProps={{ input: { 'aria-label': `${row.enabled ? 'Disable' : 'Enable'} ${row.email}` } }}
            onChange={(event) => {
              if (event.target.checked) mutate({ account: row, change: { enabled: true } });
              else
                setPending({
                  account: row,
                  change: { enabled: false },
                  title: 'Disable Account',
                  message: `Disable ${row.email}? They will be signed out and cannot sign in until enabled again.`,
                });
            }}
          />
        ),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        sortable: false,
        disableColumnMenu: true,
        width: 230,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${row.email}`} onClick={() => setEditing(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {row.enabled && (
              <Tooltip title="Send invitation (a new set-password link)">
                <IconButton size="small" aria-label={`Send invitation to ${row.email}`} onClick={() => invite(row)}>
                  <SendIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {row.isInternal && (
              <Button
                size="small"
                onClick={() =>
                  setPending({
                    account: row,
                    change: { isAdmin: !row.isAdmin },
                    title: row.isAdmin ? 'Remove Admin' : 'Make Admin',
                    message: row.isAdmin
                      ? `Remove admin rights from ${row.email}?`
                      : `Make ${row.email} an admin of their modules?`,
                  })
                }
              >
                {row.isAdmin ? 'Remove Admin' : 'Make Admin'}
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [mutate, invite],
  );

  return (
    <>
      <PageHeader
        title="Accounts"
        backTo="/settings"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add Account
          </Button>
        }
      />
      <DataGrid<TAccount> path={ACCOUNTS_PATH} columns={columns} searchable ariaLabel="Accounts" />
      {adding && <AddAccountDialog onClose={() => setAdding(false)} />}
      {editing && <EditAccountDialog account={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        message={pending?.message ?? ''}
        confirmLabel={pending?.title ?? 'Confirm'}
        destructive={pending?.change.enabled === false}
        busy={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && mutate({ account: pending.account, change: pending.change })}
      />
    </>
  );
}
