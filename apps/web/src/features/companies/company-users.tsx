import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { COMPANY_MESSAGES, ZCompanyUserCreate, type TCompanyUser, type TCompanyUserAdded, type TCompanyUserCreate } from '@apron/core/companies';
import { formatDateTime } from '@apron/core/dates';
import { CrudSection, type TCrudColumn } from '../../components/crud-section';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAddCompanyUser, useCompanyUsers, useToggleCompanyUser } from './api';

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

/** The company's users: an enable toggle each (disabling is confirmed) and Add User, for Company admins. */
export function CompanyUsers({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const notify = useNotify();
  const users = useCompanyUsers(companyId);
  const add = useAddCompanyUser(companyId);
  const toggle = useToggleCompanyUser(companyId);

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
  ];

  return (
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
  );
}
