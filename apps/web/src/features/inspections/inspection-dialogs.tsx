import { useWatch, type Control } from 'react-hook-form';
import { INSPECTION_MODULES, ZInspectionCreate, ZInspectionUpdate, type TInspection, type TInspectionCreate, type TInspectionModule, type TInspectionUpdate } from '@apron/core/inspections';
import { SelectField } from '../../components/form-fields';
import { SchemaFormDialog } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useCreateInspection, useSubjects, useUpdateInspection } from './api';

/** 'Inspection For': 'Select One', then the properties or agreements of the chosen module. */
function SubjectSelect({ control }: { control: Control<TInspectionCreate> }) {
  const module = useWatch({ control, name: 'module' }) as TInspectionModule | '';
  const subjects = useSubjects(module);
  return (
    <SelectField
      control={control}
      name="inspectionfor"
      label="Inspection For"
      required
      placeholder="Select One"
      disabled={!module || subjects.isPending}
      helperText={subjects.isError ? 'The list could not be loaded' : undefined}
      options={(subjects.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
    />
  );
}

/** 'Add New Inspection' (full screen): module, 'Inspection For', Inspector Name and Email. */
export function AddInspectionDialog({ masterId, module, onClose }: { masterId: string; module: TInspectionModule | null; onClose: () => void }) {
  const create = useCreateInspection();
  return (
    <SchemaFormDialog
      schema={ZInspectionCreate}
      title="Add New Inspection"
      defaultValues={{ inspectionId: masterId, module: module ?? 'Property', inspectionfor: '', name: '', email: '' }}
      fields={[
        { name: 'module', label: 'Module', kind: 'select', options: INSPECTION_MODULES, required: true },
        { name: 'inspectionfor', label: 'Inspection For', render: (control) => <SubjectSelect control={control} /> },
        { name: 'name', label: 'Inspector Name', required: true },
        { name: 'email', label: 'Inspector Email', kind: 'email', required: true },
      ]}
      onSave={(values) => create.mutateAsync(values)}
      successText={SUCCESS_TEXT.created}
      onClose={onClose}
      fullScreen
    />
  );
}

/** 'Edit Inspection': Inspector Name and Email (the new e-mail is told of the inspection). */
export function EditInspectionDialog({ row, onClose }: { row: TInspection; onClose: () => void }) {
  const update = useUpdateInspection();
  const defaults: TInspectionUpdate = { name: row.name, email: row.email };
  return (
    <SchemaFormDialog
      schema={ZInspectionUpdate}
      title="Edit Inspection"
      defaultValues={defaults}
      fields={[
        { name: 'name', label: 'Inspector Name', required: true },
        { name: 'email', label: 'Inspector Email', kind: 'email', required: true },
      ]}
      onSave={(values) => update.mutateAsync({ id: row._id, body: values })}
      successText={SUCCESS_TEXT.updated}
      onClose={onClose}
    />
  );
}
