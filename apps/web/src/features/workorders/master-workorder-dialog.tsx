import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { WORKORDER_MESSAGES, ZMasterWorkorderInput, type TMasterWorkorder, type TMasterWorkorderInput } from '@apron/core/workorders/index';
import { formPickerField } from '../../components/form-picker';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { useMasterInspectionOptions, useSaveMasterWorkorder } from './api';

function MasterInspectionsField({ control }: { control: Control<TMasterWorkorderInput> }) {
  const options = useMasterInspectionOptions(true);
  return (
    <Controller
      control={control}
      name="masterInspectionIds"
      render={({ field, fieldState }) => (
        <MuiTextField
          select
          label="Open a work order when a check fails in"
          value={field.value ?? []}
          onChange={(event) => field.onChange(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)}
          error={!!fieldState.error || options.isError}
          helperText={
            fieldState.error?.message ??
            (options.isError ? 'Master inspections could not be loaded' : 'Completing an inspection of these masters with a failed pass/fail check opens a work order here.')
          }
          fullWidth
          slotProps={{ select: { multiple: true } }}
        >
          {(options.data ?? []).map((option) => (
            <MenuItem key={option._id} value={option._id}>
              {option.name}
            </MenuItem>
          ))}
          {options.data?.length === 0 && (
            <MenuItem disabled value="">
              No master inspections yet
            </MenuItem>
          )}
        </MuiTextField>
      )}
    />
  );
}

/** Settings > Master Workorder: name, description, adhoc, form (and, beyond the spec, the failed-check rule). */
export function MasterWorkorderDialog({ master, readOnly, onClose }: { master: TMasterWorkorder | null; readOnly: boolean; onClose: () => void }) {
  const save = useSaveMasterWorkorder(master?._id);
  const fields = (values: TMasterWorkorderInput): TFormFieldSpec<TMasterWorkorderInput>[] => [
    { name: 'name', label: 'Name', required: true },
    { name: 'description', label: 'Description', kind: 'multiline', required: true, minRows: 3 },
    { name: 'adhoc', label: 'Adhoc', kind: 'checkbox' },
    formPickerField<TMasterWorkorderInput>('formId', readOnly),
    ...(values.adhoc || readOnly ? [] : [{ name: 'masterInspectionIds' as const, label: 'Master inspections', render: (control: Control<TMasterWorkorderInput>) => <MasterInspectionsField control={control} /> }]),
  ];
  return (
    <SchemaFormDialog
      schema={ZMasterWorkorderInput}
      title={master ? (readOnly ? 'Master Workorder' : 'Edit Master Workorder') : 'Create Master Workorder'}
      defaultValues={{
        name: master?.name ?? '',
        description: master?.description ?? '',
        adhoc: master?.adhoc ?? false,
        formId: master?.formId ?? '',
        masterInspectionIds: master?.masterInspectionIds ?? [],
      }}
      fields={fields}
      onSave={(values) => save.mutateAsync(values.adhoc ? { ...values, masterInspectionIds: [] } : values)}
      successText={master ? WORKORDER_MESSAGES.updated : WORKORDER_MESSAGES.created}
      onClose={onClose}
      readOnly={readOnly}
      maxWidth="md"
    />
  );
}
