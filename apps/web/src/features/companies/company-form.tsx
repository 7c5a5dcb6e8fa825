import type { ReactNode } from 'react';
import { COMPANY_STATUSES, ZCompanyInput, type TCompany, type TCompanyInput, type TCompanyValues } from '@apron/core/companies';
import { SchemaForm } from '../../components/schema-form';
import type { TFormFieldSpec } from '../../components/schema-form-fields';

function defaultValues(company: TCompany | null): TCompanyInput {
  if (!company) {
    return {
      name: '', description: '', address1: '', address2: '', city: '', state: '', zip: '', email: '',
      phone: '', contactname: '', contactphone: '', isPaperless: false, status: 'Active',
    };
  }
  return {
    name: company.name,
    description: company.description,
    address1: company.address1,
    address2: company.address2,
    city: company.city,
    state: company.state,
    zip: company.zip ?? '',
    email: company.email,
    phone: company.phone,
    contactname: company.contactname,
    contactphone: company.contactphone,
    isPaperless: company.isPaperless,
    status: company.status,
  };
}

export interface TCompanyFormAccess {
  /** Save anything at all. */
  edit: boolean;
  /** Name and description (Company admins). */
  editNameAndDescription: boolean;
  /** The Status select is shown to Company admins only. */
  changeStatus: boolean;
}

function companyFields(access: TCompanyFormAccess): TFormFieldSpec<TCompanyInput>[] {
  const adminOnly = !access.editNameAndDescription;
  return [
    { name: 'name', label: 'Name', required: true, half: true, disabled: adminOnly },
    ...(access.changeStatus ? [{ name: 'status', label: 'Status', kind: 'select', options: COMPANY_STATUSES, placeholder: '', half: true } as const] : []),
    { name: 'description', label: 'Description', kind: 'multiline', required: true, minRows: 2, disabled: adminOnly },
    { name: 'address1', label: 'Address 1', half: true },
    { name: 'address2', label: 'Address 2', half: true },
    { name: 'city', label: 'City', size: { xs: 12, sm: 4 } },
    { name: 'state', label: 'State', size: { xs: 6, sm: 4 } },
    { name: 'zip', label: 'Zip', size: { xs: 6, sm: 4 } },
    { name: 'email', label: 'Email', kind: 'email', required: true, half: true },
    { name: 'phone', label: 'Phone', kind: 'tel', half: true },
    { name: 'contactname', label: 'Contact Name', half: true },
    { name: 'contactphone', label: 'Contact Phone', kind: 'tel', half: true },
    { name: 'isPaperless', label: 'Paperless', kind: 'checkbox' },
  ];
}

export interface TCompanyFormProps {
  company: TCompany | null;
  access: TCompanyFormAccess;
  /** Sends the values (a mutation's `mutateAsync`); resolves to the saved owner. */
  onSave: (values: TCompanyValues) => Promise<TCompany>;
  successText: string;
  onSaved?: (company: TCompany) => void;
  /** Extra buttons beside Save (Invoices, Lease Agreements, Account Balance). */
  actions?: ReactNode;
}

/**
 * Create and edit an owner with the shared `ZCompanyInput` (the server runs the same schema).
 * The form sends every field; the server accepts an unchanged name, description and status from
 * a non-admin and refuses a changed one.
 */
export function CompanyForm({ company, access, onSave, successText, onSaved, actions }: TCompanyFormProps) {
  return (
    <SchemaForm
      schema={ZCompanyInput}
      label="Owner"
      defaultValues={defaultValues(company)}
      fields={companyFields(access)}
      // only Company admins send a status; for others the server keeps the current one
      onSave={(values) => onSave(access.changeStatus ? values : { ...values, status: company?.status })}
      successText={successText}
      onSaved={(answer) => onSaved?.(answer as TCompany)}
      canEdit={access.edit}
      actions={actions}
    />
  );
}
