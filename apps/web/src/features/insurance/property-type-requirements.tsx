import { usePropertyTypeRequirements, useSavePropertyTypeRequirements } from './api';
import { RequirementsDialog } from './requirements-editor';

/** Settings > Property Types: what agreements on properties of this type must carry. */
export function PropertyTypeRequirementsDialog({ propertyTypeId, name, onClose }: { propertyTypeId: string; name: string; onClose: () => void }) {
  const query = usePropertyTypeRequirements(propertyTypeId);
  const save = useSavePropertyTypeRequirements(propertyTypeId);
  // the dialog opens with the stored list (never an empty one that would replace it by mistake)
  if (query.isPending || query.isError) return null;
  return <RequirementsDialog title={`Insurance Requirements: ${name}`} requirements={query.data.requirements} onSave={save.mutateAsync} onClose={onClose} />;
}
