import { AgreementPage } from '../../features/agreements/agreement-page';
import { ComplianceSection } from '../../features/insurance/compliance-section';
import { useAccess } from '../../lib/session';

/** `/agreements/:id`: the agreements feature's page with the insurance feature's compliance section. */
export function AgreementRoute() {
  const { user } = useAccess();
  const asTenant = !user?.isInternal;
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
    />
  );
}
