import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_STATUSES, ZCompanyInput, type TCompany, type TCompanyInput, type TCompanyValues } from '@apron/core/companies';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import { schemaFieldNames } from '../../lib/form-errors';

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

export interface TCompanyFormProps {
  company: TCompany | null;
  access: TCompanyFormAccess;
  submitting: boolean;
  onSubmit: (values: TCompanyValues, form: { setError: UseFormSetError<TCompanyInput>; fieldNames: readonly string[] }) => void;
  /** Extra buttons beside Save (Invoices, Lease Agreements, Account Balance). */
  actions?: ReactNode;
}

/**
 * Create and edit an owner with the shared `ZCompanyInput` (the server runs the same schema).
 * The form sends every field; the server accepts an unchanged name, description and status from
 * a non-admin and refuses a changed one.
 */
export function CompanyForm({ company, access, submitting, onSubmit, actions }: TCompanyFormProps) {
  const form = useForm<TCompanyInput, unknown, TCompanyValues>({ resolver: zodResolver(ZCompanyInput), defaultValues: defaultValues(company) });
  const disabled = !access.edit || submitting;
  const nameDisabled = disabled || !access.editNameAndDescription;
  const { control } = form;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <form
        noValidate
        aria-label="Owner"
        onSubmit={form.handleSubmit((values) => {
          // only Company admins send a status; for others the server keeps the current one
          const body = access.changeStatus ? values : { ...values, status: company?.status };
          onSubmit(body, { setError: form.setError, fieldNames: schemaFieldNames(ZCompanyInput) });
        })}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="name" label="Name" required disabled={nameDisabled} />
          </Grid>
          {access.changeStatus && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectField control={control} name="status" label="Status" options={COMPANY_STATUSES} disabled={disabled} />
            </Grid>
          )}
          <Grid size={12}>
            <TextField control={control} name="description" label="Description" required multiline minRows={2} disabled={nameDisabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="address1" label="Address 1" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="address2" label="Address 2" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField control={control} name="city" label="City" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField control={control} name="state" label="State" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField control={control} name="zip" label="Zip" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="email" label="Email" type="email" required disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="phone" label="Phone" type="tel" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="contactname" label="Contact Name" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={control} name="contactphone" label="Contact Phone" type="tel" disabled={disabled} />
          </Grid>
          <Grid size={12}>
            <CheckboxField control={control} name="isPaperless" label="Paperless" disabled={disabled} />
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          {actions}
          {access.edit && (
            <Button type="submit" variant="contained" disabled={submitting}>
              Save
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
