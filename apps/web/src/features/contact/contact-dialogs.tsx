import { ZContactMessage, ZLostCardReport } from '@apron/core/contact';
import type { z } from 'zod';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { readIdentity } from '../../lib/identity';
import { useSendPublicForm } from './api';

interface TDialogProps {
  open: boolean;
  onClose: () => void;
}

type TContactInput = z.input<typeof ZContactMessage>;
type TLostCardInput = z.input<typeof ZLostCardReport>;

const sentText = (answer: unknown) => (answer as { message?: string } | undefined)?.message ?? 'Message Sent';

function prefill() {
  const identity = readIdentity();
  return {
    name: identity ? `${identity.givenName} ${identity.familyName}`.trim() : '',
    email: identity?.email ?? '',
  };
}

/** Who writes: the same three fields on both forms. */
const SENDER = [
  { name: 'name', label: 'Name', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', autoComplete: 'tel' },
] as const;

const CONTACT_FIELDS: TFormFieldSpec<TContactInput>[] = [
  ...SENDER,
  { name: 'subject', label: 'Subject', required: true },
  { name: 'message', label: 'Message', kind: 'multiline', required: true, minRows: 4 },
];

const LOST_CARD_FIELDS: TFormFieldSpec<TLostCardInput>[] = [
  ...SENDER,
  { name: 'company', label: 'Company', autoComplete: 'organization' },
  { name: 'cardNumber', label: 'Card Number' },
  { name: 'message', label: 'Details', kind: 'multiline', required: true, minRows: 4 },
];

/** Contact Us: message the airport's administrators (public). Closed, it keeps its draft. */
export function ContactUsDialog({ open, onClose }: TDialogProps) {
  const send = useSendPublicForm<z.output<typeof ZContactMessage>>('/Alerts/ContactUs');
  return (
    <SchemaFormDialog
      open={open}
      schema={ZContactMessage}
      title="Contact Us"
      submitLabel="Send"
      defaultValues={{ ...prefill(), phone: '', subject: '', message: '', website: '' }}
      fields={CONTACT_FIELDS}
      onSave={send.mutateAsync}
      successText={sentText}
      onClose={onClose}
      honeypot
    />
  );
}

/** Lost/Stolen Card: report an access card (public). */
export function LostCardDialog({ open, onClose }: TDialogProps) {
  const send = useSendPublicForm<z.output<typeof ZLostCardReport>>('/Alerts/RequestLostCard');
  return (
    <SchemaFormDialog
      open={open}
      schema={ZLostCardReport}
      title="Lost/Stolen Card"
      submitLabel="Send"
      defaultValues={{ ...prefill(), phone: '', company: '', cardNumber: '', message: '', website: '' }}
      fields={LOST_CARD_FIELDS}
      onSave={send.mutateAsync}
      successText={sentText}
      onClose={onClose}
      honeypot
    />
  );
}
