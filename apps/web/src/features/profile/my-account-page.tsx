import { useState } from 'react';
import Button from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import { ZMeUpdate } from '@apron/core/identity';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { SchemaFormDialog } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useProfile, useSaveProfileNames, type TProfile } from './api';

/** The names a user may change on their own profile (same rules as an account's names). */
function EditNamesDialog({ profile, onClose }: { profile: TProfile; onClose: () => void }) {
  const save = useSaveProfileNames(profile.email);
  return (
    <SchemaFormDialog
      schema={ZMeUpdate}
      title="Edit Name"
      defaultValues={{ givenName: profile.givenName, familyName: profile.familyName }}
      fields={[
        { name: 'familyName', label: 'Last Name', required: true, autoComplete: 'family-name' },
        { name: 'givenName', label: 'First Name', required: true, autoComplete: 'given-name' },
      ]}
      onSave={save.mutateAsync}
      successText={SUCCESS_TEXT.updated}
      onClose={onClose}
    />
  );
}

/** My Account: read-only profile, with the two names editable through a dialog. */
export function MyAccountPage() {
  const [editing, setEditing] = useState(false);
  const profile = useProfile();
  return (
    <>
      <PageHeader
        title="My Account"
        backTo="/"
        actions={
          profile.data && (
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Edit Name
            </Button>
          )
        }
      />
      {profile.isPending ? (
        <Loader />
      ) : profile.data ? (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
          <Stack spacing={2}>
            <MuiTextField label="Email" value={profile.data.email} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
            <MuiTextField label="Last Name" value={profile.data.familyName} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
            <MuiTextField label="First Name" value={profile.data.givenName} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
          </Stack>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }} role="alert">
          Error Occurred
        </Paper>
      )}
      {editing && profile.data && <EditNamesDialog profile={profile.data} onClose={() => setEditing(false)} />}
    </>
  );
}
