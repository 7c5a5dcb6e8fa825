import {
  INVOICE_MESSAGES,
  ZInvoiceComments,
  ZInvoiceEmail,
  ZLineItemInput,
  type TInvoice,
  type TInvoiceEmail,
  type TLineItem,
  type TLineItemInput,
} from '@apron/core/invoices';
import type { z } from 'zod';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useAddLine, useEmailInvoice, useSaveComments, useUpdateLine } from './api';

const LINE_FIELDS: readonly TFormFieldSpec<z.input<typeof ZLineItemInput>>[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'description', label: 'Description', kind: 'multiline', minRows: 2, required: true },
  { name: 'charges', label: 'Charges', kind: 'money', required: true },
  { name: 'amount', label: 'Amount (quantity)', kind: 'integer', required: true },
];

/** Invoice Items (add) and Edit: name, description, charges (unit $), amount (quantity). */
export function LineItemDialog(props: { invoiceId: string; line: TLineItem | null; open: boolean; onClose: () => void }) {
  const { invoiceId, line, open, onClose } = props;
  const add = useAddLine(invoiceId);
  const update = useUpdateLine(invoiceId);
  if (!open) return null;
  return (
    <SchemaFormDialog
      schema={ZLineItemInput}
      title={line ? 'Edit Invoice Item' : 'Invoice Items'}
      defaultValues={{ name: line?.name ?? '', description: line?.description ?? '', charges: line?.charges as number, amount: line?.amount ?? 1 }}
      fields={LINE_FIELDS}
      onSave={(values: TLineItemInput) => (line ? update.mutateAsync({ ...values, uid: line.uid }) : add.mutateAsync(values))}
      successText={line ? INVOICE_MESSAGES.updated : INVOICE_MESSAGES.added}
      onClose={onClose}
    />
  );
}

const COMMENT_FIELDS: readonly TFormFieldSpec<z.input<typeof ZInvoiceComments>>[] = [{ name: 'comments', label: 'Comments', kind: 'multiline', minRows: 4 }];

export function CommentsDialog(props: { invoice: TInvoice; open: boolean; onClose: () => void; readOnly: boolean }) {
  const { invoice, open, onClose, readOnly } = props;
  const save = useSaveComments(invoice._id);
  if (!open) return null;
  return (
    <SchemaFormDialog
      schema={ZInvoiceComments}
      title="Comments"
      readOnly={readOnly}
      defaultValues={{ comments: invoice.comments }}
      fields={COMMENT_FIELDS}
      onSave={(values) => save.mutateAsync(values.comments)}
      successText={SUCCESS_TEXT.updated}
      onClose={onClose}
    />
  );
}

const EMAIL_FIELDS: readonly TFormFieldSpec<TInvoiceEmail>[] = [
  { name: 'subject', label: 'Subject', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
];

/** E-mail a copy: subject and a valid e-mail; the server renders and attaches the PDF. */
export function EmailDialog(props: { invoice: TInvoice; open: boolean; onClose: () => void }) {
  const { invoice, open, onClose } = props;
  const send = useEmailInvoice(invoice._id);
  if (!open) return null;
  return (
    <SchemaFormDialog
      schema={ZInvoiceEmail}
      title="Email Invoice"
      submitLabel="Send"
      defaultValues={{ subject: `Invoice #${invoice.invoiceNumber}: ${invoice.name}`, email: '' }}
      fields={EMAIL_FIELDS}
      onSave={(values) => send.mutateAsync(values)}
      successText={INVOICE_MESSAGES.emailSent}
      onClose={onClose}
    />
  );
}
