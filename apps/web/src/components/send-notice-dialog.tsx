import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { ZSendNotice } from '@apron/core/communications';
import {
  NOTICE_RECIPIENT_KIND_LABELS,
  noNoticesText,
  type TNoticeRecipient,
  type TNoticesForRecord,
} from '@apron/core/notices';
import { errorMessage } from '../lib/api-client';
import { FormDialog } from './form-dialog';
import { Loader } from './loader';
import { RichTextView } from './rich-text-view';
import { SchemaFormDialog, type TFormFieldSpec } from './schema-form-dialog';
import { useNoticePreview, useNoticesForRecord, useSendNotice } from './send-notice-api';

/** The record kinds a notice can be about (Settings > Notices, module). */
export type TNoticeModule = 'Invoices' | 'Waitlist' | 'Company';

export interface TSendNoticeDialogProps {
  module: TNoticeModule;
  recordId: string;
  onClose: () => void;
}

type TSendNoticeInput = z.input<typeof ZSendNotice>;

/**
 * The recipient: pick one of the record's allowed addresses (grouped: record contact, company
 * user, internal user) or type another; the server decides whether it is allowed (400 on `email`).
 */
function RecipientField({ control, recipients, disabled }: { control: Control<TSendNoticeInput>; recipients: readonly TNoticeRecipient[]; disabled?: boolean }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'email' });
  const byEmail = new Map(recipients.map((r) => [r.email, r]));
  return (
    <Autocomplete
      id={`${id}-email`}
      freeSolo
      autoSelect
      disabled={disabled}
      options={recipients.map((r) => r.email)}
      groupBy={(email) => NOTICE_RECIPIENT_KIND_LABELS[byEmail.get(email)?.kind ?? 'contact']}
      value={field.value || null}
      inputValue={field.value ?? ''}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onInputChange={(_event, value) => field.onChange(value)}
      renderOption={(props, email) => {
        const { key, ...rest } = props;
        const who = byEmail.get(email);
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{who && who.name !== email ? who.name : email}</Typography>
              {who && who.name !== email && (
                <Typography variant="caption" color="text.secondary">
                  {email}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          name={field.name}
          label="Email"
          required
          type="email"
          inputRef={field.ref}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? 'A contact of this record or an internal user'}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, inputMode: 'email', autoComplete: 'off', 'aria-invalid': fieldState.error ? true : undefined } }}
        />
      )}
    />
  );
}

/** The selected notice's subject and body as the server would send them now. */
function NoticePreview({ noticeKey, recordId }: { noticeKey: string; recordId: string }) {
  const preview = useNoticePreview(noticeKey, recordId);
  if (!noticeKey) return null;
  if (preview.isPending) return <Skeleton variant="rectangular" height={96} aria-label="Preview (loading)" />;
  if (preview.isError) return <Alert severity="warning">{errorMessage(preview.error)}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} aria-label="Preview">
      <Typography variant="overline" color="text.secondary">
        Preview
      </Typography>
      <Typography variant="subtitle2">{preview.data.subject}</Typography>
      <RichTextView value={preview.data.html} />
    </Paper>
  );
}

function SendNoticeForm({ data, recordId, onClose }: { data: TNoticesForRecord; recordId: string; onClose: () => void }) {
  const send = useSendNotice();
  const fields = (values: TSendNoticeInput): TFormFieldSpec<TSendNoticeInput>[] => [
    {
      name: 'key',
      label: 'Notice',
      kind: 'select',
      required: true,
      options: data.notices.map((n) => ({ value: n.key, label: n.name })),
      helperText: data.notices.find((n) => n.key === values.key)?.description || undefined,
    },
    { name: 'email', label: 'Email', render: (control) => <RecipientField control={control} recipients={data.recipients} disabled={send.isPending} /> },
  ];
  return (
    <SchemaFormDialog
      schema={ZSendNotice}
      title={`Send Notice: ${data.label}`}
      submitLabel="Send"
      // a single notice or a single contact is picked already: one tap less on a phone
      defaultValues={{
        key: data.notices.length === 1 ? data.notices[0]!.key : '',
        id: recordId,
        email: data.recipients.find((r) => r.kind === 'contact')?.email ?? '',
      }}
      fields={fields}
      onSave={send.mutateAsync}
      successText={(answer) => (answer as { message: string }).message}
      onClose={onClose}
    >
      {(control) => <WatchedPreview control={control} recordId={recordId} />}
    </SchemaFormDialog>
  );
}

/** The preview follows the Notice select. */
function WatchedPreview({ control, recordId }: { control: Control<TSendNoticeInput>; recordId: string }) {
  const key = useWatch({ control, name: 'key' });
  return <NoticePreview noticeKey={key} recordId={recordId} />;
}

/**
 * Send Notice (Settings > Notices): a named e-mail about one record. The server lists the module's
 * notices and the record's allowed recipients for this caller, renders the notice from stored data,
 * and answers 'Email Sent' (or puts its refusal on the Email field).
 */
export default function SendNoticeDialog({ module, recordId, onClose }: TSendNoticeDialogProps) {
  const options = useNoticesForRecord(module, recordId);
  const closeOnly = { open: true, onClose, submitLabel: 'Close', hideCancel: true, onSubmit: (event: { preventDefault: () => void }) => (event.preventDefault(), onClose()) };
  if (options.isPending) {
    return (
      <FormDialog {...closeOnly} title="Send Notice">
        <Loader text="Loading notices" />
      </FormDialog>
    );
  }
  if (options.isError) {
    return (
      <FormDialog {...closeOnly} title="Send Notice">
        <Alert severity="error">{errorMessage(options.error)}</Alert>
      </FormDialog>
    );
  }
  if (options.data.notices.length === 0) {
    return (
      <FormDialog {...closeOnly} title={`Send Notice: ${options.data.label}`}>
        <Typography>{noNoticesText(module)}</Typography>
      </FormDialog>
    );
  }
  return <SendNoticeForm data={options.data} recordId={recordId} onClose={onClose} />;
}
