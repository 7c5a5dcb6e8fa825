import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import type { TAgreementGridRow } from '@apron/core/agreements';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { AGREEMENT_COMPACT, agreementColumns } from './agreement-columns';
import { AGREEMENT_GRID_PATH } from './api';

/** `/agreements`: every agreement for staff; a tenant sees their own company's, read-only. */
export function AgreementsPage() {
  const navigate = useNavigate();
  const { user } = useAccess();
  const canAdd = isModuleAdmin(user, 'Lease');
  return (
    <>
      <PageHeader
        title="Lease Agreements"
        backTo="/"
        backLabel="Back to home"
        actions={
          canAdd ? (
            <Button component={RouterLink} to="/agreements/add" variant="contained" startIcon={<AddIcon />}>
              Add Agreement
            </Button>
          ) : undefined
        }
      />
      <DataGrid<TAgreementGridRow>
        path={AGREEMENT_GRID_PATH}
        ariaLabel="Lease Agreements"
        columns={agreementColumns({ withOwner: !!user?.isInternal })}
        compact={AGREEMENT_COMPACT}
        searchable
        initialSort={[{ field: 'startDate', sort: 'desc' }]}
        onRowClick={(row) => navigate(`/agreements/${encodeURIComponent(row._id)}`)}
      />
    </>
  );
}
