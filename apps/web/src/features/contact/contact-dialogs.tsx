import { useMutation } from '@tanstack/react-query';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZContactMessage, ZLostCardReport } from '@apron/core/contact';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { HoneypotField } from '../../components/honeypot-field';
import { TextField } from '../../components/form-fields';
import { apiFetch } from '../../lib/api-client';
import type { TFieldNames } from '../../lib/form-errors';
import { reportFormError } from '../../lib/form-submit';
import { readIdentity } from '../../lib/identity';
import { useNotify } from '../../lib/notify';

interface TDialogProps {
  open: boolean;
  onClose: () => void;
}

type TContactInput = z.input<typeof ZContactMessage>;
type TContactOutput = z.output<typeof ZContactMessage>;
type TLostCardInput = z.input<typeof ZLostCardReport>;
type TLostCardOutput = z.output<typeof ZLostCardReport>;

/** Sends a public form; on success toasts the server's message, clears and closes. */
function usePublicFormSend<TIn extends FieldValues, TOut>(path: string, form: UseFormReturn<TIn, unknown, TOut>, fields: TFieldNames, onClose: () => void) {
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: TOut) => apiFetch<{ message?: string }>(path, { method: 'POST', body }),
    onSuccess: (body) => {
      notify.success(body?.message ?? 'Message Sent');
      form.reset();
      onClose();
    },
    onError: (error) => reportFormError(error, form.setError, fields, notify),
  });
}

function prefill() {
  const identity = readIdentity();
  return {
    name: identity ? `${identity.givenName} ${identity.familyName}`.trim() : '',
    email: identity?.email ?? '',
  };
}

/** Contact Us: message the airport's administrators (public). */
export function ContactUsDialog({ open, onClose }: TDialogProps) {
  const form = useForm<TContactInput, unknown, TContactOutput>({
    resolver: zodResolver(ZContactMessage),
    defaultValues: { ...prefill(), phone: '', subject: '', message: '', website: '' },
  });
  const send = usePublicFormSend('/Alerts/ContactUs', form, ZContactMessage, onClose);
  const { control } = form;
  return (
    <FormDialog open={open} title="Contact Us" submitLabel="Send" onClose={onClose} submitting={send.isPending} onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <TextField control={control} name="name" label="Name" required autoComplete="name" />
      <TextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
      <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
      <TextField control={control} name="subject" label="Subject" required />
      <TextField control={control} name="message" label="Message" required multiline minRows={4} />
      <HoneypotField {...form.register('website')} />
    </FormDialog>
  );
}

/** Lost/Stolen Card: report an access card (public). */
export function LostCardDialog({ open, onClose }: TDialogProps) {
  const form = useForm<TLostCardInput, unknown, TLostCardOutput>({
    resolver: zodResolver(ZLostCardReport),
    defaultValues: { ...prefill(), phone: '', company: '', cardNumber: '', message: '', website: '' },
  });
  const send = usePublicFormSend('/Alerts/RequestLostCard', form, ZLostCardReport, onClose);
  const { control } = form;
  return (
    <FormDialog open={open} title="Lost/Stolen Card" submitLabel="Send" onClose={onClose} submitting={send.isPending} onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <TextField control={control} name="name" label="Name" required autoComplete="name" />
      <TextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
      <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
      <TextField control={control} name="company" label="Company" autoComplete="organization" />
      <TextField control={control} name="cardNumber" label="Card Number" />
      <TextField control={control} name="message" label="Details" required multiline minRows={4} />
      <HoneypotField {...form.register('website')} />
    </FormDialog>
  );
}
