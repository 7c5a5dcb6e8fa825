import { PropertyTypesPage } from '../../features/properties/master-data-pages';
import { PropertyTypeRequirementsDialog } from '../../features/insurance/property-type-requirements';

/** `/settings/types` and `/properties/types`: the property types with their insurance requirements. */
export function PropertyTypesRoute() {
  return (
    <PropertyTypesPage
      renderInsuranceRequirements={(type, onClose) => <PropertyTypeRequirementsDialog propertyTypeId={type._id} name={type.name} onClose={onClose} />}
    />
  );
}
