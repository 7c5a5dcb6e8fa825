import { DEFAULT_CRON_EXPRESSION } from '@apron/core/settings/cron';
import { INSPECTION_MODULES, ZMasterInspectionInput, type TMasterInspection, type TMasterInspectionInput } from '@apron/core/inspections';
import { CronEditor } from '../../components/cron-editor';
import { formPickerField } from '../../components/form-picker';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { controlledField } from '../../components/schema-form-fields';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useSaveMaster } from './api';

/**
 * Settings > Master Inspection add/edit: name, description, adhoc, module (hidden when adhoc),
 * scheduled with its schedule (daily at midnight by default), and the form (required; built or
 * edited here with the form builder).
 */
export function MasterInspectionDialog({ row, readOnly, onClose }: { row: TMasterInspection | null; readOnly?: boolean; onClose: () => void }) {
  const save = useSaveMaster();
  const defaults: TMasterInspectionInput = row
    ? { name: row.name, description: row.description, adhoc: row.adhoc, module: row.module, scheduled: row.scheduled, expression: row.expression, formId: row.formId }
    : { name: '', description: '', adhoc: false, module: null, scheduled: false, expression: DEFAULT_CRON_EXPRESSION, formId: '' };
  const fields = (values: TMasterInspectionInput): TFormFieldSpec<TMasterInspectionInput>[] => [
    { name: 'name', label: 'Name', required: true },
    { name: 'description', label: 'Description', kind: 'multiline', required: true, minRows: 2 },
    { name: 'adhoc', label: 'Adhoc', kind: 'checkbox', half: true },
    { name: 'scheduled', label: 'Scheduled', kind: 'checkbox', half: true, helperText: 'Creates inspections for every property or agreement of the module' },
    ...(values.adhoc ? [] : [{ name: 'module', label: 'Module', kind: 'select', options: INSPECTION_MODULES, required: true } as TFormFieldSpec<TMasterInspectionInput>]),
    ...(values.scheduled
      ? [
          controlledField<TMasterInspectionInput>('expression', 'Schedule', (field, error) => (
            <CronEditor label="Schedule" value={(field.value as string | undefined) ?? DEFAULT_CRON_EXPRESSION} onChange={field.onChange} error={error} />
          )),
        ]
      : []),
    formPickerField<TMasterInspectionInput>('formId', !!readOnly),
  ];
  return (
    <SchemaFormDialog
      schema={ZMasterInspectionInput}
      title={row ? (readOnly ? 'Master Inspection' : 'Edit Master Inspection') : 'Create Master Inspection'}
      defaultValues={defaults}
      fields={fields}
      onSave={(values) => save.mutateAsync({ id: row?._id ?? null, values })}
      successText={row ? SUCCESS_TEXT.updated : SUCCESS_TEXT.created}
      onClose={onClose}
      readOnly={readOnly}
      fullScreen
    />
  );
}
