import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { INVOICE_MESSAGES, ZInvoiceCreate, type TInvoiceCreate } from '@apron/core/invoices';
import { FormDialog } from '../../components/form-dialog';
import { SelectField, TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { useNotify } from '../../lib/notify';
import { useCompanyOptions, useCreateInvoice } from './api';


/** Create Invoice: Name, Description, Due Date, Company (all required); the new invoice opens. */
export function CreateInvoiceDialog(props: { open: boolean; onClose: () => void; companyId?: string }) {
  const { open, onClose, companyId } = props;
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateInvoice();
  const companies = useCompanyOptions(open && !companyId);
  const form = useForm<TInvoiceCreate>({
    resolver: zodResolver(ZInvoiceCreate),
    defaultValues: { name: '', description: '', dueDate: '', tenantId: companyId ?? '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Create Invoice"
      onClose={close}
      submitting={create.isPending}
      onSubmit={form.handleSubmit((values) =>
        create.mutate(values, {
          onSuccess: (created) => {
            notify.success(INVOICE_MESSAGES.created);
            close();
            navigate(`/invoices/${encodeURIComponent(created._id)}`);
          },
          onError: (error) => reportFormError(error, form.setError, ZInvoiceCreate, notify),
        }),
      )}
    >
      <TextField control={form.control} name="name" label="Name" required autoFocus />
      <TextField control={form.control} name="description" label="Description" required multiline minRows={2} />
      <TextField control={form.control} name="dueDate" label="Due Date" type="date" required />
      {!companyId && (
        <SelectField
          control={form.control}
          name="tenantId"
          label="Company"
          required
          placeholder={companies.isPending ? 'Loading…' : 'Select One'}
          options={(companies.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          helperText={companies.isError ? 'The company list could not be loaded.' : undefined}
        />
      )}
    </FormDialog>
  );
}
