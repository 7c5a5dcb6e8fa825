import { useNavigate } from 'react-router';
import { INVOICE_MESSAGES, ZInvoiceCreate, type TInvoiceCreate } from '@apron/core/invoices';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { useCompanyOptions, useCreateInvoice } from './api';

/** Create Invoice: Name, Description, Due Date, Company (all required); the new invoice opens. */
export function CreateInvoiceDialog(props: { open: boolean; onClose: () => void; companyId?: string }) {
  const { open, onClose, companyId } = props;
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const companies = useCompanyOptions(open && !companyId);
  if (!open) return null;
  const fields: TFormFieldSpec<TInvoiceCreate>[] = [
    { name: 'name', label: 'Name', required: true },
    { name: 'description', label: 'Description', kind: 'multiline', minRows: 2, required: true },
    { name: 'dueDate', label: 'Due Date', kind: 'date', required: true },
  ];
  if (!companyId) {
    fields.push({
      name: 'tenantId',
      label: 'Company',
      kind: 'select',
      required: true,
      placeholder: companies.isPending ? 'Loading…' : 'Select One',
      options: (companies.data ?? []).map((c) => ({ value: c._id, label: c.name })),
      helperText: companies.isError ? 'The company list could not be loaded.' : undefined,
    });
  }
  return (
    <SchemaFormDialog
      schema={ZInvoiceCreate}
      title="Create Invoice"
      defaultValues={{ name: '', description: '', dueDate: '', tenantId: companyId ?? '' }}
      fields={fields}
      onSave={async (values) => {
        const created = await create.mutateAsync(values);
        navigate(`/invoices/${encodeURIComponent(created._id)}`);
        return created;
      }}
      successText={INVOICE_MESSAGES.created}
      onClose={onClose}
    />
  );
}
