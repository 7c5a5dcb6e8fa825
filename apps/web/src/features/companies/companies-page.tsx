import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { Navigate, useNavigate } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import type { TCompanyGridRow } from '@apron/core/companies';
import type { TCompactLayout } from '../../components/compact-columns';
import { GridPage } from '../../components/grid-page';
import { useAccess } from '../../lib/session';
import { COMPANY_GRID_PATH } from './api';

const columns: GridColDef<TCompanyGridRow>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 180 },
  { field: 'phone', headerName: 'Phone #', minWidth: 130 },
  { field: 'contactname', headerName: 'Contact Name', minWidth: 150 },
  { field: 'contactphone', headerName: 'Contact Phone #', minWidth: 150 },
];

// On a phone the name is the one column; e-mail and the rest show as lines under it (a long
// e-mail reads whole there, not cut in a narrow column).
const COMPACT: TCompactLayout = { keep: { sm: ['name'] } };

/**
 * `/companies`: the Owners grid for staff. A company (tenant) user has exactly one company, so
 * the Owners tile opens it directly.
 */
export function CompaniesPage() {
  const navigate = useNavigate();
  const { user } = useAccess();
  if (user && !user.isInternal) {
    if (user.companyId) return <Navigate to={`/companies/${encodeURIComponent(user.companyId)}`} replace />;
    return <Typography role="alert">No company is linked to your account.</Typography>;
  }
  return (
    <GridPage<TCompanyGridRow>
      header={{ title: 'Owners', backTo: '/', backLabel: 'Back to home' }}
      add={isModuleAdmin(user, 'Company') ? { label: 'Add Owner', to: '/companies/add' } : null}
      path={COMPANY_GRID_PATH}
      ariaLabel="Owners"
      columns={columns}
      compact={COMPACT}
      searchable
      onRowClick={(row) => navigate(`/companies/${encodeURIComponent(row._id)}`)}
    />
  );
}
