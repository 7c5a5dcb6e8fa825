import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { COMPANY_MESSAGES } from '@apron/core/companies';
import { hasModule, isModuleAdmin } from '@apron/core/access';
import { Documents } from '../../components/documents';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Remarks } from '../../components/remarks';
import { SendNoticeButton } from '../../components/send-notice-button';
import { useAccess } from '../../lib/session';
import { useCompany, useSaveCompany } from './api';
import { CompanyForm } from './company-form';
import { CompanyUsers } from './company-users';

function NewCompanyPage() {
  const navigate = useNavigate();
  const { user } = useAccess();
  const save = useSaveCompany(undefined);
  const isAdmin = isModuleAdmin(user, 'Company');
  return (
    <>
      <PageHeader title="Add Owner" backTo="/companies" />
      <CompanyForm
        company={null}
        access={{ edit: isAdmin, editNameAndDescription: isAdmin, changeStatus: isAdmin }}
        onSave={save.mutateAsync}
        successText={COMPANY_MESSAGES.created}
        onSaved={(created) => navigate(`/companies/${encodeURIComponent(created._id)}`, { replace: true })}
      />
    </>
  );
}

function CompanyLinks({ id }: { id: string }) {
  const base = `/companies/${encodeURIComponent(id)}`;
  const links = [
    { label: 'Invoices', to: `${base}/invoices` },
    { label: 'Lease Agreements', to: `${base}/agreements` },
    { label: 'Account Balance', to: `${base}/balances` },
  ];
  return (
    <>
      {links.map((link) => (
        <Button key={link.label} component={RouterLink} to={link.to} variant="outlined">
          {link.label}
        </Button>
      ))}
    </>
  );
}

function EditCompanyPage({ id }: { id: string }) {
  const { user } = useAccess();
  const query = useCompany(id);
  const save = useSaveCompany(id);
  // a tenant has no grid to go back to: Back goes home
  const backTo = user?.isInternal ? '/companies' : '/';
  if (query.isPending) return <Loader text="Loading owner" />;
  if (query.isError) return <RecordLoadError error={query.error} title="Owner" backTo={backTo} notFound="Owner not found" />;
  const company = query.data;
  const { abilities } = company;
  return (
    <>
      <PageHeader
        title={company.name}
        backTo={backTo}
        subtitle={<Chip size="small" label={company.status} component="span" />}
        actions={hasModule(user, 'Company') ? <SendNoticeButton module="Company" recordId={company._id} /> : undefined}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <CompanyForm
            // a new version from the server starts the form afresh
            key={company.updatedAt}
            company={company}
            access={abilities}
            actions={<CompanyLinks id={company._id} />}
            onSave={save.mutateAsync}
            successText={COMPANY_MESSAGES.updated}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <CompanyUsers companyId={company._id} canManage={abilities.manageUsers} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Documents ownerType="company" ownerId={company._id} canDelete={abilities.editNameAndDescription} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Remarks ownerType="company" ownerId={company._id} canDelete={abilities.editNameAndDescription} />
        </Grid>
      </Grid>
    </>
  );
}

/** `/companies/add` and `/companies/:id`. */
export function CompanyPage() {
  const { id } = useParams();
  return id ? <EditCompanyPage key={id} id={id} /> : <NewCompanyPage />;
}
