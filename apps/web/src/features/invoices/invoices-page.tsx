import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { hasModule } from '@apron/core/access';
import { INVOICE_STATUSES, type TInvoiceGridRow } from '@apron/core/invoices';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { companyInvoicesPath, INVOICE_GRID_PATH, useCompanyOptions } from './api';
import { INVOICE_COMPACT, invoiceColumns } from './invoice-columns';

/** The form (react-hook-form, its fields) loads when staff open it, not with the grid. */
const CreateInvoiceDialog = lazy(async () => ({ default: (await import('./create-invoice-dialog')).CreateInvoiceDialog }));

interface TFilters {
  status: string;
  tenantId: string;
  dueFrom: string;
  dueTo: string;
}

const NO_FILTERS: TFilters = { status: '', tenantId: '', dueFrom: '', dueTo: '' };

/** Status, company (staff, all-invoices grid only) and due date range; sent to the server. */
function InvoiceFilters(props: { value: TFilters; onChange: (next: TFilters) => void; withCompany: boolean }) {
  const { value, onChange, withCompany } = props;
  const companies = useCompanyOptions(withCompany);
  const set = (key: keyof TFilters) => (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <MuiTextField select size="small" label="Status" value={value.status} onChange={set('status')} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} sx={{ minWidth: 140 }}>
        <option value="">All</option>
        {INVOICE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </MuiTextField>
      {withCompany && (
        <MuiTextField select size="small" label="Company" value={value.tenantId} onChange={set('tenantId')} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} sx={{ minWidth: 180 }}>
          <option value="">All</option>
          {(companies.data ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </MuiTextField>
      )}
      <MuiTextField size="small" type="date" label="Due From" value={value.dueFrom} onChange={set('dueFrom')} slotProps={{ inputLabel: { shrink: true } }} />
      <MuiTextField size="small" type="date" label="Due To" value={value.dueTo} onChange={set('dueTo')} slotProps={{ inputLabel: { shrink: true } }} />
    </Stack>
  );
}

function InvoiceGrid(props: { path: string; companyId?: string; backTo: string; backLabel?: string }) {
  const { path, companyId, backTo, backLabel } = props;
  const navigate = useNavigate();
  const { user } = useAccess();
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [creating, setCreating] = useState(false);
  const isStaff = !!user?.isInternal;
  const canCreate = isStaff && hasModule(user, 'Invoices');
  return (
    <>
      <PageHeader
        title="Invoices"
        backTo={backTo}
        backLabel={backLabel}
        actions={
          canCreate ? (
            <>
              {!companyId && (
                <Button component={RouterLink} to="/invoices/cycles" variant="outlined">
                  Invoice cycles
                </Button>
              )}
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                Invoices
              </Button>
            </>
          ) : undefined
        }
      />
      <DataGrid<TInvoiceGridRow>
        path={path}
        ariaLabel={companyId ? 'Invoices of the company' : 'Invoices'}
        columns={invoiceColumns({ withCompany: isStaff && !companyId })}
        compact={INVOICE_COMPACT}
        filters={{ ...filters, tenantId: companyId ? undefined : filters.tenantId }}
        searchable
        toolbar={<InvoiceFilters value={filters} onChange={setFilters} withCompany={isStaff && !companyId} />}
        initialSort={[{ field: 'invoiceNumber', sort: 'desc' }]}
        onRowClick={(row) => navigate(`/invoices/${encodeURIComponent(row._id)}`)}
      />
      {canCreate && creating && (
        <Suspense fallback={null}>
          <CreateInvoiceDialog open onClose={() => setCreating(false)} companyId={companyId} />
        </Suspense>
      )}
    </>
  );
}

/** `/invoices`: every invoice for Invoices staff; a tenant sees their own company's. */
export function InvoicesPage() {
  return <InvoiceGrid path={INVOICE_GRID_PATH} backTo="/" backLabel="Back to home" />;
}

/** `/companies/:id/invoices`: the same grid for one company. */
export function CompanyInvoicesPage() {
  const { id = '' } = useParams();
  return <InvoiceGrid key={id} path={companyInvoicesPath(id)} companyId={id} backTo={`/companies/${encodeURIComponent(id)}`} />;
}
