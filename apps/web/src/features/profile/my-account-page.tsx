import { useState } from 'react';
import Button from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZMeUpdate } from '@apron/core/identity';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/form-fields';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { apiFetch } from '../../lib/api-client';
import { reportFormError } from '../../lib/form-submit';
import { saveIdentity } from '../../lib/identity';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { ACCESS_QUERY_KEY } from '../../lib/session';

interface TProfile {
  email: string;
  givenName: string;
  familyName: string;
}

/** The names a user may change on their own profile (same rules as an account's names). */
const ZProfileUpdate = ZMeUpdate;
type TProfileInput = z.input<typeof ZProfileUpdate>;
type TProfileUpdate = z.output<typeof ZProfileUpdate>;
const PROFILE_QUERY_KEY = ['me'] as const;

function EditNamesDialog({ profile, onClose }: { profile: TProfile; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const form = useForm<TProfileInput, unknown, TProfileUpdate>({
    resolver: zodResolver(ZProfileUpdate),
    defaultValues: { givenName: profile.givenName, familyName: profile.familyName },
  });
  const save = useMutation({
    mutationFn: (body: TProfileUpdate) => apiFetch<TProfile>('/Me', { method: 'PUT', body }),
    onSuccess: async (_body, values) => {
      saveIdentity({ email: profile.email, ...values });
      notify.success(SUCCESS_TEXT.updated);
      onClose();
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ACCESS_QUERY_KEY });
    },
    onError: (error) => reportFormError(error, form.setError, ZProfileUpdate, notify),
  });
  return (
    <FormDialog open title="Edit Name" onClose={onClose} submitting={save.isPending} onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <TextField control={form.control} name="familyName" label="Last Name" required autoComplete="family-name" autoFocus />
      <TextField control={form.control} name="givenName" label="First Name" required autoComplete="given-name" />
    </FormDialog>
  );
}

/** My Account: read-only profile, with the two names editable through a dialog. */
export function MyAccountPage() {
  const [editing, setEditing] = useState(false);
  const profile = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => apiFetch<TProfile>('/Me') });
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
