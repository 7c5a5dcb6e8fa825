import { useParams } from 'react-router';
import { ViewInspectionPage } from '../../features/inspections/inspection-form-page';
import { InspectionWorkorders } from '../../features/workorders/inspection-workorders';

/**
 * `inspection/view/{id}`: the inspection read-only, then the work orders linked to it (opened by
 * its failed checks, or created for it) — composed here, as features never import each other.
 */
export function InspectionViewRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <InspectionWorkorders inspectionId={id} />
      <ViewInspectionPage />
    </>
  );
}
