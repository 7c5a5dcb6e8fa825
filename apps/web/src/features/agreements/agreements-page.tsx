import { useNavigate } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import type { TAgreementGridRow } from '@apron/core/agreements';
import { GridPage } from '../../components/grid-page';
import { useAccess } from '../../lib/session';
import { AGREEMENT_COMPACT, agreementColumns } from './agreement-columns';
import { AGREEMENT_GRID_PATH } from './api';

/** `/agreements`: every agreement for staff; a tenant sees their own company's, read-only. */
export function AgreementsPage() {
  const navigate = useNavigate();
  const { user } = useAccess();
  return (
    <GridPage<TAgreementGridRow>
      header={{ title: 'Lease Agreements', backTo: '/', backLabel: 'Back to home' }}
      add={isModuleAdmin(user, 'Lease') ? { label: 'Add Agreement', to: '/agreements/add' } : null}
      path={AGREEMENT_GRID_PATH}
      ariaLabel="Lease Agreements"
      columns={agreementColumns({ withOwner: !!user?.isInternal })}
      compact={AGREEMENT_COMPACT}
      searchable
      initialSort={[{ field: 'startDate', sort: 'desc' }]}
      onRowClick={(row) => navigate(`/agreements/${encodeURIComponent(row._id)}`)}
    />
  );
}
