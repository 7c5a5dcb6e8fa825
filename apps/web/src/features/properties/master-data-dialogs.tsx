import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
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
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { controlledField } from '../../components/schema-form-fields';
import { SUCCESS_TEXT } from '../../lib/notify';
import { usePropertyAttributes, useSaveMasterRow, type TMasterKind } from './api/master-data';

interface TDialogProps<R> {
  row: R | null;
  onClose: () => void;
}

/** Saves a row of `kind` (add when there is no id); the kit toasts the spec's success text. */
function useSave(kind: TMasterKind, row: { _id: string } | null) {
  const save = useSaveMasterRow(kind);
  return {
    onSave: (body: Record<string, unknown>) => save.mutateAsync({ id: row?._id ?? null, body: body as never }),
    successText: row ? SUCCESS_TEXT.updated : SUCCESS_TEXT.created,
  };
}

const AREA_FIELDS: readonly TFormFieldSpec<TPropertyAreaInput>[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'description', label: 'Description', kind: 'multiline', minRows: 3 },
];

export function AreaDialog({ row, onClose }: TDialogProps<TPropertyArea>) {
  const save = useSave('areas', row);
  return (
    <SchemaFormDialog
      schema={ZPropertyAreaInput}
      title={row ? 'Edit Property Area' : 'Add Property Area'}
      defaultValues={{ name: row?.name ?? '', description: row?.description ?? '' }}
      fields={AREA_FIELDS}
      onClose={onClose}
      {...save}
    />
  );
}

const ATTRIBUTE_FIELDS: readonly TFormFieldSpec<TPropertyAttributeInput>[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'description', label: 'Description', kind: 'multiline', minRows: 2 },
  { name: 'attributeType', label: 'Attribute Type', kind: 'select', options: ATTRIBUTE_TYPES, required: true },
  { name: 'allowFiltering', label: 'Allow Filtering', kind: 'checkbox' },
  { name: 'allowSorting', label: 'Allow Sorting', kind: 'checkbox' },
];

export function AttributeDialog({ row, onClose }: TDialogProps<TPropertyAttribute>) {
  const save = useSave('attributes', row);
  return (
    <SchemaFormDialog
      schema={ZPropertyAttributeInput}
      title={row ? 'Edit Property Attribute' : 'Add Property Attribute'}
      defaultValues={{
        name: row?.name ?? '',
        description: row?.description ?? '',
        attributeType: row?.attributeType ?? ('' as 'Text'),
        allowFiltering: row?.allowFiltering ?? false,
        allowSorting: row?.allowSorting ?? false,
      }}
      fields={ATTRIBUTE_FIELDS}
      onClose={onClose}
      {...save}
    />
  );
}

export function TypeDialog({ row, onClose }: TDialogProps<TPropertyType>) {
  const save = useSave('types', row);
  const attributes = usePropertyAttributes();
  const byId = new Map((attributes.data ?? []).map((a) => [a._id, a]));
  const fields: readonly TFormFieldSpec<TPropertyTypeInput>[] = [
    { name: 'name', label: 'Name', required: true },
    controlledField<TPropertyTypeInput>('attributes', 'Attributes', (field, error) => (
      <Autocomplete<string, true>
        multiple
        options={(attributes.data ?? []).map((a) => a._id)}
        value={(field.value as string[] | undefined) ?? []}
        onChange={(_event, value) => field.onChange(value)}
        getOptionLabel={(id) => {
          const attribute = byId.get(id);
          return attribute ? `${attribute.name} (${attribute.attributeType})` : id;
        }}
        loading={attributes.isPending}
        renderInput={(params) => <MuiTextField {...params} label="Attributes" error={!!error} helperText={error ?? 'Shown on the property form in this order'} />}
      />
    )),
  ];
  return (
    <SchemaFormDialog
      schema={ZPropertyTypeInput}
      title={row ? 'Edit Property Type' : 'Add Property Type'}
      defaultValues={{ name: row?.name ?? '', attributes: row?.attributes ?? [] }}
      fields={fields}
      onClose={onClose}
      {...save}
    />
  );
}
