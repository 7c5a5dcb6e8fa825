import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import type { TAgreementGridRow } from '@apron/core/agreements';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { AGREEMENT_COMPACT, agreementColumns } from './agreement-columns';
import { companyAgreementsPath } from './api';

/** `/companies/:id/agreements`: one owner's agreements; Add Agreement prefills the owner. */
export function CompanyAgreementsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAccess();
  const canAdd = isModuleAdmin(user, 'Lease');
  const back = `/companies/${encodeURIComponent(id)}`;
  return (
    <>
      <PageHeader
        title="Lease Agreements"
        backTo={back}
        actions={
          canAdd ? (
            <Button component={RouterLink} to={`/agreements/add?owner=${encodeURIComponent(id)}`} variant="contained" startIcon={<AddIcon />}>
              Add Agreement
            </Button>
          ) : undefined
        }
      />
      <DataGrid<TAgreementGridRow>
        path={companyAgreementsPath(id)}
        ariaLabel="Lease Agreements of the owner"
        columns={agreementColumns({ withOwner: false })}
        compact={AGREEMENT_COMPACT}
        searchable
        initialSort={[{ field: 'startDate', sort: 'desc' }]}
        onRowClick={(row) => navigate(`/agreements/${encodeURIComponent(row._id)}`)}
      />
    </>
  );
}
