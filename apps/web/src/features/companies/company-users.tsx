import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_MESSAGES, ZCompanyUserCreate, type TCompanyUser, type TCompanyUserCreate } from '@apron/core/companies';
import { formatDateTime } from '@apron/core/dates';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api-client';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAddCompanyUser, useCompanyUsers, useToggleCompanyUser } from './api';

type TUserOutput = z.output<typeof ZCompanyUserCreate>;

function AddUserDialog({ companyId, open, onClose }: { companyId: string; open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const add = useAddCompanyUser(companyId);
  const form = useForm<TCompanyUserCreate, unknown, TUserOutput>({
    resolver: zodResolver(ZCompanyUserCreate),
    defaultValues: { email: '', givenName: '', familyName: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Add User"
      submitLabel="Add"
      submitting={add.isPending}
      onClose={close}
      onSubmit={form.handleSubmit((values) =>
        add.mutate(values, {
          onSuccess: (answer) => {
            notify.success(answer.message || COMPANY_MESSAGES.userAdded);
            close();
          },
          onError: (error) => reportFormError(error, form.setError, ['email', 'givenName', 'familyName'], notify),
        }),
      )}
    >
      <TextField control={form.control} name="email" label="Email" type="email" required autoFocus />
      <TextField control={form.control} name="givenName" label="First Name" />
      <TextField control={form.control} name="familyName" label="Last Name" />
    </FormDialog>
  );
}

function displayName(user: TCompanyUser): string {
  const name = `${user.givenName} ${user.familyName}`.trim();
  return name || user.email;
}

/** The company's users: an enable toggle each (disabling is confirmed) and Add User, for Company admins. */
export function CompanyUsers({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const notify = useNotify();
  const users = useCompanyUsers(companyId);
  const toggle = useToggleCompanyUser(companyId);
  const [adding, setAdding] = useState(false);
  const [toDisable, setToDisable] = useState<TCompanyUser | null>(null);

  const setEnabled = (user: TCompanyUser, enabled: boolean) =>
    toggle.mutate(
      { userId: user._id, enabled },
      {
        onSuccess: () => {
          setToDisable(null);
          notify.success(SUCCESS_TEXT.updated);
        },
        onError: (error) => notify.error(error),
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="company-users-heading">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="company-users-heading">
          Users
        </Typography>
        {canManage && (
          <Button startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            Add User
          </Button>
        )}
      </Stack>
      {users.isPending && <Typography color="text.secondary">Loading users</Typography>}
      {users.isError && <Typography role="alert">{errorMessage(users.error)}</Typography>}
      {users.data && users.data.length === 0 && <Typography color="text.secondary">No users yet</Typography>}
      {users.data && users.data.length > 0 && (
        <List dense aria-label="Company users">
          {users.data.map((user) => (
            <ListItem
              key={user._id}
              divider
              secondaryAction={
                <Switch
                  edge="end"
                  checked={user.enabled}
                  disabled={!canManage || toggle.isPending}
                  slotProps={{ input: { 'aria-label': `Enabled: ${user.email}` } }}
                  // disabling ends the user's sessions: ask first; enabling is harmless
                  onChange={(event) => (event.target.checked ? setEnabled(user, true) : setToDisable(user))}
                />
              }
            >
              <ListItemText
                primary={displayName(user)}
                secondary={`${user.email}${user.lastSignInAt ? ` · last sign-in ${formatDateTime(user.lastSignInAt)}` : ''}${user.enabled ? '' : ' · disabled'}`}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <AddUserDialog companyId={companyId} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={!!toDisable}
        title="Disable User"
        message={toDisable ? `Disable ${toDisable.email}? They will be signed out and cannot sign in until enabled again.` : ''}
        confirmLabel="Disable"
        destructive
        busy={toggle.isPending}
        onCancel={() => setToDisable(null)}
        onConfirm={() => toDisable && setEnabled(toDisable, false)}
      />
    </Paper>
  );
}
