import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ATTRIBUTE_TYPES,
  ZPropertyAreaInput,
  ZPropertyAttributeInput,
  ZPropertyTypeInput,
  type TPropertyArea,
  type TPropertyAreaInput,
  type TPropertyAttribute,
  type TPropertyAttributeInput,
  type TPropertyType,
  type TPropertyTypeInput,
} from '@apron/core/properties';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { usePropertyAttributes, useSaveMasterRow, type TMasterKind } from './api/master-data';

interface TDialogProps<R> {
  row: R | null;
  onClose: () => void;
}

/** Save, then the spec's success text; the server's field errors land on the fields. */
function useSave<T extends Record<string, unknown>>(kind: TMasterKind, row: { _id: string } | null, onClose: () => void) {
  const save = useSaveMasterRow(kind);
  const notify = useNotify();
  return {
    isPending: save.isPending,
    submit: (body: T, setError: Parameters<typeof reportFormError<T>>[1], fields: string[]) =>
      save.mutate(
        { id: row?._id ?? null, body: body as never },
        {
          onSuccess: () => {
            notify.success(row ? SUCCESS_TEXT.updated : SUCCESS_TEXT.created);
            onClose();
          },
          onError: (error) => reportFormError(error, setError, fields, notify),
        },
      ),
  };
}

export function AreaDialog({ row, onClose }: TDialogProps<TPropertyArea>) {
  const form = useForm<TPropertyAreaInput, unknown, z.output<typeof ZPropertyAreaInput>>({
    resolver: zodResolver(ZPropertyAreaInput),
    defaultValues: { name: row?.name ?? '', description: row?.description ?? '' },
  });
  const save = useSave<TPropertyAreaInput>('areas', row, onClose);
  return (
    <FormDialog
      open
      title={row ? 'Edit Property Area' : 'Add Property Area'}
      onClose={onClose}
      submitting={save.isPending}
      onSubmit={form.handleSubmit((values) => save.submit(values, form.setError, ['name', 'description']))}
    >
      <TextField control={form.control} name="name" label="Name" required autoFocus />
      <TextField control={form.control} name="description" label="Description" multiline minRows={3} />
    </FormDialog>
  );
}

export function AttributeDialog({ row, onClose }: TDialogProps<TPropertyAttribute>) {
  const form = useForm<TPropertyAttributeInput, unknown, z.output<typeof ZPropertyAttributeInput>>({
    resolver: zodResolver(ZPropertyAttributeInput),
    defaultValues: {
      name: row?.name ?? '',
      description: row?.description ?? '',
      attributeType: row?.attributeType ?? ('' as 'Text'),
      allowFiltering: row?.allowFiltering ?? false,
      allowSorting: row?.allowSorting ?? false,
    },
  });
  const save = useSave<TPropertyAttributeInput>('attributes', row, onClose);
  return (
    <FormDialog
      open
      title={row ? 'Edit Property Attribute' : 'Add Property Attribute'}
      onClose={onClose}
      submitting={save.isPending}
      onSubmit={form.handleSubmit((values) => save.submit(values, form.setError, ['name', 'description', 'attributeType', 'allowFiltering', 'allowSorting']))}
    >
      <TextField control={form.control} name="name" label="Name" required autoFocus />
      <TextField control={form.control} name="description" label="Description" multiline minRows={2} />
      <SelectField control={form.control} name="attributeType" label="Attribute Type" required options={ATTRIBUTE_TYPES} placeholder="Select One" />
      <CheckboxField control={form.control} name="allowFiltering" label="Allow Filtering" />
      <CheckboxField control={form.control} name="allowSorting" label="Allow Sorting" />
    </FormDialog>
  );
}

export function TypeDialog({ row, onClose }: TDialogProps<TPropertyType>) {
  const attributes = usePropertyAttributes();
  const form = useForm<TPropertyTypeInput, unknown, z.output<typeof ZPropertyTypeInput>>({
    resolver: zodResolver(ZPropertyTypeInput),
    defaultValues: { name: row?.name ?? '', attributes: row?.attributes ?? [] },
  });
  const save = useSave<TPropertyTypeInput>('types', row, onClose);
  const byId = new Map((attributes.data ?? []).map((a) => [a._id, a]));
  return (
    <FormDialog
      open
      title={row ? 'Edit Property Type' : 'Add Property Type'}
      onClose={onClose}
      submitting={save.isPending}
      onSubmit={form.handleSubmit((values) => save.submit(values, form.setError, ['name', 'attributes']))}
    >
      <TextField control={form.control} name="name" label="Name" required autoFocus />
      <Controller
        control={form.control}
        name="attributes"
        render={({ field, fieldState }) => (
          <Autocomplete<string, true>
            multiple
            options={(attributes.data ?? []).map((a) => a._id)}
            value={field.value ?? []}
            onChange={(_event, value) => field.onChange(value)}
            getOptionLabel={(id) => {
              const attribute = byId.get(id);
              return attribute ? `${attribute.name} (${attribute.attributeType})` : id;
            }}
            loading={attributes.isPending}
            renderInput={(params) => (
              <MuiTextField
                {...params}
                label="Attributes"
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'Shown on the property form in this order'}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
