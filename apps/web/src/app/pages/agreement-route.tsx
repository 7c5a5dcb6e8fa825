import { hasModule } from '@apron/core/access';
import { AgreementPage } from '../../features/agreements/agreement-page';
import { LeaseAccountingSection } from '../../features/reports/gasb87-schedule';
import { useAccess } from '../../lib/session';

/**
 * `/agreements/:id`: the agreements feature's page with the reports feature's "Lease accounting
 * (GASB 87)" section (features do not import each other). Reports staff and admins only: the
 * section's call refuses anyone else, and a tenant never sees it.
 */
export function AgreementRoute() {
  const { user } = useAccess();
  const canReadLeaseAccounting = hasModule(user, 'Reports');
  return <AgreementPage renderLeaseAccounting={canReadLeaseAccounting ? (agreement) => <LeaseAccountingSection agreementId={agreement._id} /> : undefined} />;
}
