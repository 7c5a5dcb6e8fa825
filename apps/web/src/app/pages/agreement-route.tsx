import { hasModule } from '@apron/core/access';
import { AgreementPage } from '../../features/agreements/agreement-page';
import { ComplianceSection } from '../../features/insurance/compliance-section';
import { LeaseAccountingSection } from '../../features/reports/gasb87-schedule';
import { useAccess } from '../../lib/session';

/**
 * `/agreements/:id`: the agreements feature's page with the insurance feature's compliance section
 * and the reports feature's "Lease accounting (GASB 87)" section (features do not import each
 * other). Lease accounting is for Reports staff and admins only: its call refuses anyone else, and a
 * tenant never sees it.
 */
export function AgreementRoute() {
  const { user } = useAccess();
  const asTenant = !user?.isInternal;
  const canReadLeaseAccounting = hasModule(user, 'Reports');
  return (
    <AgreementPage
      renderInsurance={(agreement) => (
        <ComplianceSection
          agreementId={agreement._id}
          asTenant={asTenant}
          canEditRequirements={agreement.abilities.edit}
          canApprove={agreement.abilities.approveInsurance}
        />
      )}
      renderLeaseAccounting={canReadLeaseAccounting ? (agreement) => <LeaseAccountingSection agreementId={agreement._id} /> : undefined}
    />
  );
}
