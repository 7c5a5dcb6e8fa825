import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_USER_GROUPS, ALERT_USER_GROUP_LABELS, ZAlertCreate, type TAlertUser, type TAlertUserGroup } from '@apron/core/alerts';
import { FormDialog } from '../../components/form-dialog';
import { RichTextField } from '../../components/rich-text-field';
import { isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { createAlert, fetchGroupUsers, refreshAlerts } from './api/alerts-api';

/**
 * Create Notification (internal users): a user group fills the recipients, people can be added
 * (from everyone) or removed one by one, a subject and a rich-text body (editor height 300).
 */
export function CreateNotificationDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [group, setGroup] = useState<TAlertUserGroup>('NONE');
  const [recipients, setRecipients] = useState<TAlertUser[]>([]);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const everyone = useQuery({ queryKey: ['alerts', 'users', 'ALL'], queryFn: () => fetchGroupUsers('ALL') });

  const chooseGroup = async (next: TAlertUserGroup) => {
    setGroup(next);
    try {
      setRecipients(await fetchGroupUsers(next));
    } catch (error) {
      notify.error(error);
    }
  };

  const send = useMutation({
    mutationFn: createAlert,
    onSuccess: (answer) => {
      notify.success(answer.message);
      refreshAlerts(queryClient);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.hasFieldErrors) setErrors(error.fieldErrors);
      else notify.error(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { userIds: recipients.map((r) => r._id), subject, body };
    const parsed = ZAlertCreate.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <FormDialog open title="Create Notification" onClose={onClose} onSubmit={submit} submitLabel="Send" submitting={send.isPending} maxWidth="md">
      <Stack spacing={2}>
        <TextField select label="User Group" value={group} onChange={(e) => void chooseGroup(e.target.value as TAlertUserGroup)}>
          {ALERT_USER_GROUPS.map((g) => (
            <MenuItem key={g} value={g}>
              {ALERT_USER_GROUP_LABELS[g]}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          options={everyone.data ?? []}
          loading={everyone.isPending}
          value={recipients}
          onChange={(_event, value) => setRecipients(value)}
          getOptionLabel={(user) => `${user.name} <${user.email}>`}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          filterSelectedOptions
          renderValue={(value, getItemProps) =>
            value.map((user, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} label={user.name} size="small" {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField {...params} label="Recipients" error={!!errors.userIds} helperText={errors.userIds ?? `${recipients.length} recipient${recipients.length === 1 ? '' : 's'}`} />
          )}
        />
        <TextField label="Subject" required value={subject} onChange={(e) => setSubject(e.target.value)} error={!!errors.subject} helperText={errors.subject} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <RichTextField label="Message" value={body} onChange={setBody} height={300} error={errors.body} />
        {group === 'APPLICANTS' && recipients.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No wait-list applicant has an account yet.
          </Typography>
        )}
      </Stack>
    </FormDialog>
  );
}
