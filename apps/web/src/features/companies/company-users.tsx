import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useState } from 'react';
import { COMPANY_MESSAGES, ZCompanyUserCreate, type TCompanyUser, type TCompanyUserAdded, type TCompanyUserCreate } from '@apron/core/companies';
import { formatDateTime } from '@apron/core/dates';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CrudSection, type TCrudColumn } from '../../components/crud-section';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAddCompanyUser, useCompanyUsers, useRemoveCompanyUser, useToggleCompanyUser } from './api';

const USER_FIELDS: readonly TFormFieldSpec<TCompanyUserCreate>[] = [
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'givenName', label: 'First Name' },
  { name: 'familyName', label: 'Last Name' },
];

/** The toast after Add: a person already signing in elsewhere was linked, not invited. */
function addedText(answer: TCompanyUserAdded | undefined): string {
  if (answer?.existingAccount) return COMPANY_MESSAGES.existingUserAdded;
  return answer?.message || COMPANY_MESSAGES.userAdded;
}

function displayName(user: TCompanyUser): string {
  const name = `${user.givenName} ${user.familyName}`.trim();
  return name || user.email;
}

/**
 * The company's users: an enable toggle each (disabling is confirmed) and Add User, for Company
 * admins; a user who also acts for a company at another airport can be removed from this one
 * (confirmed) and keeps the other. A user's only company is left by disabling them instead.
 */
export function CompanyUsers({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const notify = useNotify();
  const users = useCompanyUsers(companyId);
  const add = useAddCompanyUser(companyId);
  const toggle = useToggleCompanyUser(companyId);
  const remove = useRemoveCompanyUser(companyId);
  const [removing, setRemoving] = useState<TCompanyUser | null>(null);

  const removeColumn: TCrudColumn<TCompanyUser> = {
    header: 'Remove',
    align: 'right',
    cell: (user) =>
      user.actsForOtherCompanies ? (
        <IconButton size="small" aria-label={`Remove ${user.email} from this company`} onClick={() => setRemoving(user)}>
          <PersonRemoveIcon fontSize="small" />
        </IconButton>
      ) : null,
  };
  const columns: readonly TCrudColumn<TCompanyUser>[] = [
    {
      header: 'User',
      cell: (user) => (
        <>
          <Typography variant="body2">{displayName(user)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {`${user.email}${user.lastSignInAt ? ` · last sign-in ${formatDateTime(user.lastSignInAt)}` : ''}${user.enabled ? '' : ' · disabled'}`}
          </Typography>
        </>
      ),
    },
    {
      header: 'Enabled',
      align: 'right',
      cell: (user, actions) => (
        <Switch
          edge="end"
          checked={user.enabled}
          disabled={!canManage || toggle.isPending}
          slotProps={{ input: { 'aria-label': `Enabled: ${user.email}` } }}
          // disabling ends the user's sessions: ask first; enabling is harmless
          onChange={(event) =>
            event.target.checked
              ? toggle.mutate({ userId: user._id, enabled: true }, { onSuccess: () => notify.success(SUCCESS_TEXT.updated), onError: (error) => notify.error(error) })
              : actions.confirm(user)
          }
        />
      ),
    },
    // Only when someone here also acts for another company: nobody else can be removed (disable them).
    ...(canManage && users.data?.some((user) => user.actsForOtherCompanies) ? [removeColumn] : []),
  ];

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing._id, {
      onSuccess: () => {
        notify.success(SUCCESS_TEXT.updated);
        setRemoving(null);
      },
      onError: (error) => notify.error(error),
    });
  };

  return (
    <>
      <CrudSection<TCompanyUser>
        title="Users"
        tableLabel="Company users"
        query={users}
        rowLabel={(user) => user.email}
        columns={columns}
        emptyText="No users yet"
        canAdd={canManage}
        addLabel="Add User"
        addIcon={<PersonAddIcon />}
        renderDialog={(_row, close) => (
          <SchemaFormDialog
            schema={ZCompanyUserCreate}
            title="Add User"
            submitLabel="Add"
            defaultValues={{ email: '', givenName: '', familyName: '' }}
            fields={USER_FIELDS}
            onSave={(values) => add.mutateAsync(values)}
            successText={(answer) => addedText(answer as TCompanyUserAdded | undefined)}
            onClose={close}
          />
        )}
        confirm={{
          label: 'Disable',
          title: 'Disable User',
          message: (user) => `Disable ${user.email}? They will be signed out and cannot sign in until enabled again.`,
          run: (user) => toggle.mutateAsync({ userId: user._id, enabled: false }),
          successText: SUCCESS_TEXT.updated,
          hideButton: true,
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove User"
        message={removing ? `Remove ${removing.email} from this company? They keep acting for their other companies.` : ''}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
