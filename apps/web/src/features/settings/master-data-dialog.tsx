import { Controller, useWatch, type Control } from 'react-hook-form';
import {
  DEFAULT_CRON_EXPRESSION,
  MASTER_TYPES,
  SYSTEM_SETTINGS,
  SYSTEM_SETTING_NAMES,
  isSystemSettingName,
  type TMasterField,
  type TMasterType,
  type TMasterTypeName,
} from '@apron/core/settings';
import type { z } from 'zod';
import { templateFieldsOf } from '@apron/core/communications';
import { CronEditor } from '../../components/cron-editor';
import { RichTextField } from '../../components/rich-text-field';
import { SelectField, TextField } from '../../components/form-fields';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useSaveMasterRow, type TFormValues, type TMasterRow } from './api';

export type { TFormValues, TMasterRow } from './api';

export function masterDefinition(type: TMasterTypeName): TMasterType {
  return MASTER_TYPES[type];
}

function defaultValues(definition: TMasterType, row: TMasterRow | null): TFormValues {
  const values: TFormValues = {};
  for (const field of definition.fields) {
    const current = row?.[field.name];
    if (current !== undefined && current !== null) values[field.name] = current;
    // numbers start empty (undefined), never 0: a required one left empty is an error
    else values[field.name] = field.kind === 'cron' ? DEFAULT_CRON_EXPRESSION : field.kind === 'number' ? undefined : '';
  }
  return values;
}

/** The kit's field spec of one master-data field (the metadata lives with the schema in core). */
function fieldSpec(field: TMasterField): TFormFieldSpec<TFormValues> {
  const common = { name: field.name, label: field.label, required: field.required };
  switch (field.kind) {
    case 'select':
      return { ...common, kind: 'select', options: field.options ?? [] };
    case 'number':
      return { ...common, kind: 'number' };
    case 'multiline':
      return { ...common, kind: 'multiline', minRows: 3 };
    case 'richtext':
      return { ...common, render: (control) => <TemplateField control={control} name={field.name} label={field.label} /> };
    case 'cron':
      return {
        ...common,
        render: (control) => (
          <Controller
            control={control}
            name={field.name}
            render={({ field: f, fieldState }) => (
              <CronEditor label={field.label} value={typeof f.value === 'string' ? f.value : undefined} onChange={f.onChange} error={fieldState.error?.message} />
            )}
          />
        ),
      };
    default:
      return common;
  }
}

/**
 * A notification or notice template: the rich-text editor with an insert-field menu of the chosen
 * module's fields (the server refuses any other field when it is saved).
 */
function TemplateField({ control, name, label }: { control: Control<TFormValues>; name: string; label: string }) {
  const moduleName = useWatch({ control, name: 'module' });
  const fields = typeof moduleName === 'string' && moduleName ? templateFieldsOf(moduleName) : [];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => (
        <RichTextField
          label={label}
          value={typeof f.value === 'string' ? f.value : ''}
          onChange={f.onChange}
          height={260}
          fields={fields}
          error={fieldState.error?.message}
          helperText={fields.length ? 'Insert Field adds {{field}}; it is filled from the record when sent.' : 'Choose the module first to insert its fields.'}
        />
      )}
    />
  );
}

/** System Settings: the value editor follows the setting's kind; the name is fixed once saved. */
function SystemSettingFields({ control, editing }: { control: Control<TFormValues>; editing: boolean }) {
  const name = useWatch({ control, name: 'name' });
  const definition = typeof name === 'string' && isSystemSettingName(name) ? SYSTEM_SETTINGS[name] : null;
  const kind: string = definition?.kind ?? 'text';
  const nameOptions = SYSTEM_SETTING_NAMES.map((n) => ({ value: n, label: `${SYSTEM_SETTINGS[n].label} (${n})` }));
  return (
    <>
      {editing ? (
        <TextField control={control} name="name" label="Name" readOnly helperText={definition?.label} />
      ) : (
        <SelectField control={control} name="name" label="Name" required options={nameOptions} placeholder="Select One" />
      )}
      {kind === 'yesno' ? (
        <SelectField control={control} name="value" label="Value" required options={['yes', 'no']} helperText={definition?.description} />
      ) : (
        // settings are stored as text and checked by the setting's own rule; numbers get the number pad
        <TextField
          control={control}
          name="value"
          label="Value"
          required
          inputMode={kind === 'number' ? 'decimal' : kind === 'integer' ? 'numeric' : undefined}
          helperText={definition?.description}
        />
      )}
    </>
  );
}

export interface TMasterDataDialogProps {
  type: TMasterTypeName;
  /** The row being edited; null to add. */
  row: TMasterRow | null;
  onClose: () => void;
}

/** The full-screen add/edit dialog of a master-data type, generated from its field metadata. */
export function MasterDataDialog({ type, row, onClose }: TMasterDataDialogProps) {
  const definition = masterDefinition(type);
  const editing = row !== null;
  const save = useSaveMasterRow(type, row?._id ?? null);
  const isSystemSetting = type === 'systemSettings';
  return (
    <SchemaFormDialog
      schema={definition.schema as z.ZodType<TFormValues, TFormValues>}
      title={`${editing ? 'Edit' : 'Add'} ${definition.label.replace(/s$/, '')}`}
      fullScreen
      defaultValues={defaultValues(definition, row)}
      fields={isSystemSetting ? [] : definition.fields.map(fieldSpec)}
      onSave={(values) => save.mutateAsync(values)}
      successText={editing ? SUCCESS_TEXT.updated : SUCCESS_TEXT.added}
      onClose={onClose}
    >
      {isSystemSetting ? (control) => <SystemSettingFields control={control} editing={editing} /> : undefined}
    </SchemaFormDialog>
  );
}
