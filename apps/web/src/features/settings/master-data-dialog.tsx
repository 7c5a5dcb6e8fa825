import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { CronEditor } from '../../components/cron-editor';
import { FormDialog } from '../../components/form-dialog';
import { SelectField, TextField } from '../../components/form-fields';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';

export type TFormValues = Record<string, unknown>;
export type TMasterRow = TFormValues & { _id: string };

export function masterDefinition(type: TMasterTypeName): TMasterType {
  return MASTER_TYPES[type];
}

function defaultValues(definition: TMasterType, row: TMasterRow | null): TFormValues {
  const values: TFormValues = {};
  for (const field of definition.fields) {
    const current = row?.[field.name];
    if (current !== undefined && current !== null) values[field.name] = current;
    else values[field.name] = field.kind === 'cron' ? DEFAULT_CRON_EXPRESSION : '';
  }
  return values;
}

function MasterField({ field, control }: { field: TMasterField; control: Control<TFormValues> }) {
  const common = { control, name: field.name, label: field.label, required: field.required };
  switch (field.kind) {
    case 'select':
      return <SelectField {...common} options={field.options ?? []} placeholder="Select One" />;
    case 'number':
      return <TextField {...common} type="number" />;
    case 'multiline':
      return <TextField {...common} multiline minRows={3} />;
    case 'richtext':
      return <TextField {...common} multiline minRows={8} />;
    case 'cron':
      return (
        <Controller
          control={control}
          name={field.name}
          render={({ field: f, fieldState }) => (
            <CronEditor label={field.label} value={typeof f.value === 'string' ? f.value : undefined} onChange={f.onChange} error={fieldState.error?.message} />
          )}
        />
      );
    default:
      return <TextField {...common} />;
  }
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
        <TextField
          control={control}
          name="value"
          label="Value"
          required
          type={kind === 'number' || kind === 'integer' ? 'number' : 'text'}
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
  const queryClient = useQueryClient();
  const notify = useNotify();
  const resolver = zodResolver(definition.schema as z.ZodType<TFormValues, TFormValues>) as Resolver<TFormValues>;
  const form = useForm<TFormValues>({ resolver, defaultValues: defaultValues(definition, row) });
  const fieldNames = definition.fields.map((f) => f.name);

  const save = useMutation({
    mutationFn: (body: TFormValues) =>
      editing
        ? apiFetch<TMasterRow>(`/Crud/${type}/${encodeURIComponent(row._id)}`, { method: 'PUT', body })
        : apiFetch<TMasterRow>(`/Crud/${type}`, { method: 'POST', body }),
    onSuccess: () => {
      notify.success(editing ? SUCCESS_TEXT.updated : SUCCESS_TEXT.added);
      onClose();
      return queryClient.invalidateQueries({ queryKey: listQueryKey(`/Crud/${type}`) });
    },
    onError: (error) => reportFormError(error, form.setError, fieldNames, notify),
  });

  const title = `${editing ? 'Edit' : 'Add'} ${definition.label.replace(/s$/, '')}`;
  return (
    <FormDialog open title={title} fullScreen onClose={onClose} submitting={save.isPending} onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      {type === 'systemSettings' ? (
        <SystemSettingFields control={form.control} editing={editing} />
      ) : (
        definition.fields.map((field) => <MasterField key={field.name} field={field} control={form.control} />)
      )}
    </FormDialog>
  );
}
