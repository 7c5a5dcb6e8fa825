import { INVITE_SENT_MESSAGE, ZInviteCreate, type TInviteCreate } from '@apron/core/appointments';
import { TextField } from '../../components/form-fields';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { useSendInvite } from './api';

/** The spec's Send Invite form: Title, Description, Location, Start, End, Emails (all required). */
const FIELDS: readonly TFormFieldSpec<TInviteCreate>[] = [
  { name: 'calendar.summary', label: 'Title', required: true },
  { name: 'calendar.description', label: 'Description', kind: 'multiline', required: true },
  { name: 'calendar.location', label: 'Location', required: true },
  { name: 'calendar.start', label: 'Start', required: true, half: true, render: (control) => <TextField control={control} name="calendar.start" label="Start" type="datetime-local" required /> },
  { name: 'calendar.end', label: 'End', required: true, half: true, render: (control) => <TextField control={control} name="calendar.end" label="End" type="datetime-local" required /> },
  { name: 'emails', label: 'Emails', kind: 'multiline', minRows: 2, required: true, helperText: 'One or more addresses, separated by commas or new lines.' },
];

const EMPTY: TInviteCreate = { emails: '', calendar: { summary: '', description: '', location: '', start: '', end: '' } };

/** Start and End are wall-clock times at the airport; the server reads them in its time zone. */
export function SendInviteDialog({ onClose }: { onClose: () => void }) {
  const send = useSendInvite();
  return (
    <SchemaFormDialog
      schema={ZInviteCreate}
      title="Send Invite"
      defaultValues={EMPTY}
      fields={FIELDS}
      onSave={(values) => send.mutateAsync(values)}
      successText={INVITE_SENT_MESSAGE}
      submitLabel="Send Invite"
      onClose={onClose}
    />
  );
}
