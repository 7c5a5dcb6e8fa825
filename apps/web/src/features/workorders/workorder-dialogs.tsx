import { WORKORDER_MESSAGES, ZWorkorderCreate, ZWorkorderUpdate, type TMasterWorkorder, type TWorkorderRow } from '@apron/core/workorders/index';
import { formatDate } from '@apron/core/dates';
import { SchemaFormDialog } from '../../components/schema-form-dialog';
import { useCreateWorkorder, useUpdateWorkorder, useWorkorderForOptions } from './api';

/** 'Create Workorder': reference number, 'Workorder For' (inspections, when the master is not adhoc), contractor. */
export function CreateWorkorderDialog({ master, onClose }: { master: TMasterWorkorder; onClose: () => void }) {
  const create = useCreateWorkorder();
  const options = useWorkorderForOptions(master._id, !master.adhoc);
  const inspectionOptions = (options.data ?? []).map((option) => ({ value: option._id, label: `${option.name} - ${formatDate(option.createdDate)}` }));
  return (
    <SchemaFormDialog
      schema={ZWorkorderCreate}
      title="Create Workorder"
      defaultValues={{ refnumber: '', workorderfor: '', name: '', email: '', workorderId: master._id }}
      fields={[
        { name: 'refnumber', label: 'Workorder Reference Number', required: true },
        ...(master.adhoc
          ? []
          : [{ name: 'workorderfor' as const, label: 'Workorder For', kind: 'select' as const, options: inspectionOptions, placeholder: 'Select One', helperText: options.isError ? 'Inspections could not be loaded' : undefined }]),
        { name: 'name', label: 'Contractor Name', required: true },
        { name: 'email', label: 'Contractor Email', kind: 'email', required: true },
      ]}
      onSave={(values) => create.mutateAsync(values)}
      successText={WORKORDER_MESSAGES.created}
      onClose={onClose}
      submitLabel="Create"
    />
  );
}

/** The edit dialog: contractor name and e-mail (the spec's 'Create Inspection' title was a slip). */
export function EditWorkorderDialog({ workorder, onClose }: { workorder: TWorkorderRow; onClose: () => void }) {
  const update = useUpdateWorkorder(workorder._id);
  return (
    <SchemaFormDialog
      schema={ZWorkorderUpdate}
      title="Edit Workorder"
      defaultValues={{ name: workorder.name, email: workorder.email }}
      fields={[
        { name: 'name', label: 'Contractor Name', required: true },
        { name: 'email', label: 'Contractor Email', kind: 'email', required: true },
      ]}
      onSave={(values) => update.mutateAsync(values)}
      successText={WORKORDER_MESSAGES.updated}
      onClose={onClose}
    />
  );
}
