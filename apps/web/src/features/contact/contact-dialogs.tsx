import { ZContactMessage, ZLostCardReport } from '@apron/core/contact';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import type { TFormSchema } from '../../components/use-schema-form';
import { readIdentity } from '../../lib/identity';
import { useSendPublicForm, type TPublicFormPath } from './api';

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

/** A public form: its schema, title, path and fields, and what it starts with besides the sender. */
interface TPublicForm<S extends TFormSchema> {
  schema: S;
  title: string;
  path: TPublicFormPath;
  fields: TFormFieldSpec<z.input<S>>[];
  blank: Omit<z.input<S>, 'name' | 'email'>;
}

const CONTACT_US: TPublicForm<typeof ZContactMessage> = {
  schema: ZContactMessage, title: 'Contact Us', path: '/Alerts/ContactUs', fields: CONTACT_FIELDS,
  blank: { phone: '', subject: '', message: '', website: '' },
};

const LOST_CARD: TPublicForm<typeof ZLostCardReport> = {
  schema: ZLostCardReport, title: 'Lost/Stolen Card', path: '/Alerts/RequestLostCard', fields: LOST_CARD_FIELDS,
  blank: { phone: '', company: '', cardNumber: '', message: '', website: '' },
};

/** Sends a public form (CSRF, honeypot); closed, it keeps its draft; sent, it empties. */
function PublicFormDialog<S extends TFormSchema>({ form, open, onClose }: TDialogProps & { form: TPublicForm<S> }) {
  const send = useSendPublicForm<z.output<S>>(form.path);
  const { schema, title, fields, blank } = form;
  return (
    <SchemaFormDialog open={open} schema={schema} title={title} submitLabel="Send" defaultValues={{ ...prefill(), ...blank } as DefaultValues<z.input<S>>} fields={fields}
      onSave={send.mutateAsync} successText={sentText} onClose={onClose} honeypot />
  );
}

/** Contact Us: message the airport's administrators (public). */
export const ContactUsDialog = (props: TDialogProps) => <PublicFormDialog form={CONTACT_US} {...props} />;

/** Lost/Stolen Card: report an access card (public). */
export const LostCardDialog = (props: TDialogProps) => <PublicFormDialog form={LOST_CARD} {...props} />;
