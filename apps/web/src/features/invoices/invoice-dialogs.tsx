import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
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
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAddLine, useEmailInvoice, useSaveComments, useUpdateLine } from './api';
import { MoneyField } from '../../components/money-field';
import { NumberField } from '../../components/number-field';

/** Invoice Items (add) and Edit: name, description, charges (unit $), amount (quantity). */
export function LineItemDialog(props: { invoiceId: string; line: TLineItem | null; open: boolean; onClose: () => void }) {
  const { invoiceId, line, open, onClose } = props;
  const notify = useNotify();
  const add = useAddLine(invoiceId);
  const update = useUpdateLine(invoiceId);
  const saving = add.isPending || update.isPending;
  const form = useForm<z.input<typeof ZLineItemInput>, unknown, TLineItemInput>({
    resolver: zodResolver(ZLineItemInput),
    defaultValues: { name: line?.name ?? '', description: line?.description ?? '', charges: line?.charges as number, amount: line?.amount ?? 1 },
  });
  return (
    <FormDialog
      open={open}
      title={line ? 'Edit Invoice Item' : 'Invoice Items'}
      onClose={onClose}
      submitting={saving}
      onSubmit={form.handleSubmit((values) => {
        const options = {
          onSuccess: () => {
            notify.success(line ? INVOICE_MESSAGES.updated : INVOICE_MESSAGES.added);
            onClose();
          },
          onError: (error: unknown) => reportFormError(error, form.setError, ZLineItemInput, notify),
        };
        if (line) update.mutate({ ...values, uid: line.uid }, options);
        else add.mutate(values, options);
      })}
    >
      <TextField control={form.control} name="name" label="Name" required autoFocus />
      <TextField control={form.control} name="description" label="Description" required multiline minRows={2} />
      <MoneyField control={form.control} name="charges" label="Charges" required />
      <NumberField control={form.control} name="amount" label="Amount (quantity)" inputMode="numeric" required />
    </FormDialog>
  );
}

export function CommentsDialog(props: { invoice: TInvoice; open: boolean; onClose: () => void; readOnly: boolean }) {
  const { invoice, open, onClose, readOnly } = props;
  const notify = useNotify();
  const save = useSaveComments(invoice._id);
  const form = useForm<z.input<typeof ZInvoiceComments>, unknown, z.output<typeof ZInvoiceComments>>({ resolver: zodResolver(ZInvoiceComments), defaultValues: { comments: invoice.comments } });
  return (
    <FormDialog
      open={open}
      title="Comments"
      onClose={onClose}
      submitting={save.isPending}
      submitLabel={readOnly ? 'Close' : 'Save'}
      onSubmit={form.handleSubmit((values) => {
        if (readOnly) return onClose();
        save.mutate(values.comments, {
          onSuccess: () => {
            notify.success(SUCCESS_TEXT.updated);
            onClose();
          },
          onError: (error) => reportFormError(error, form.setError, ['comments'], notify),
        });
      })}
    >
      <TextField control={form.control} name="comments" label="Comments" multiline minRows={4} readOnly={readOnly} autoFocus />
    </FormDialog>
  );
}

/** E-mail a copy: subject and a valid e-mail; the server renders and attaches the PDF. */
export function EmailDialog(props: { invoice: TInvoice; open: boolean; onClose: () => void }) {
  const { invoice, open, onClose } = props;
  const notify = useNotify();
  const send = useEmailInvoice(invoice._id);
  const form = useForm<TInvoiceEmail>({
    resolver: zodResolver(ZInvoiceEmail),
    defaultValues: { subject: `Invoice #${invoice.invoiceNumber}: ${invoice.name}`, email: '' },
  });
  return (
    <FormDialog
      open={open}
      title="Email Invoice"
      submitLabel="Send"
      onClose={onClose}
      submitting={send.isPending}
      onSubmit={form.handleSubmit((values) =>
        send.mutate(values, {
          onSuccess: () => {
            notify.success(INVOICE_MESSAGES.emailSent);
            onClose();
          },
          onError: (error) => reportFormError(error, form.setError, ['subject', 'email'], notify),
        }),
      )}
    >
      <TextField control={form.control} name="subject" label="Subject" required />
      <TextField control={form.control} name="email" label="Email" type="email" required autoComplete="email" autoFocus />
    </FormDialog>
  );
}
