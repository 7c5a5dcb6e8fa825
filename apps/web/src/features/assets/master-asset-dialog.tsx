import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useController, useFieldArray, type Control, type Path } from 'react-hook-form';
import { ASSET_FIELD_TYPES, ASSET_MESSAGES, ZMasterAssetInput, type TMasterAsset, type TMasterAssetInput } from '@apron/core/assets/index';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import { formPickerField } from '../../components/form-picker';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { useSaveMasterAsset } from './api';

type TValues = TMasterAssetInput;

const EMPTY_FIELD = { fieldName: '', fieldLabel: '', fieldType: 'String' as const, isRequired: false, domainvalues: [], showOnGrid: true };

/** Domain values typed as one comma-separated line; the form keeps the list. */
function DomainValuesField({ control, name, disabled }: { control: Control<TValues>; name: Path<TValues>; disabled?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  const list = (field.value as string[] | undefined) ?? [];
  const [text, setText] = useState(list.join(', '));
  return (
    <MuiTextField
      label="Domain values"
      size="small"
      value={text}
      disabled={disabled}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(event.target.value.split(',').map((part) => part.trim()).filter((part) => part !== ''));
      }}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? 'Comma separated; empty for any value'}
      fullWidth
    />
  );
}

function ColorField({ control, disabled }: { control: Control<TValues>; disabled?: boolean }) {
  const { field, fieldState } = useController({ control, name: 'color' });
  return (
    <MuiTextField
      label="Color"
      type="color"
      required
      disabled={disabled}
      value={field.value || '#1e88e5'}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      sx={{ width: 160 }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** The field configuration: one panel per configured field, added and removed in place. */
function FieldConfiguration({ control, readOnly }: { control: Control<TValues>; readOnly: boolean }) {
  const fields = useFieldArray({ control, name: 'fields' });
  return (
    <>
      <Typography variant="h6" component="h2">
        Field configuration
      </Typography>
      {fields.fields.length === 0 && <Typography color="text.secondary">No fields yet: assets of this type will have a location and a status only.</Typography>}
      {fields.fields.map((row, index) => (
        <Paper key={row.id} variant="outlined" sx={{ p: 2 }} role="group" aria-label={`Field ${index + 1}`}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 160px' } }}>
            <TextField control={control} name={`fields.${index}.fieldName`} label="Field Name" required disabled={readOnly} />
            <TextField control={control} name={`fields.${index}.fieldLabel`} label="Field Label" required disabled={readOnly} />
            <SelectField control={control} name={`fields.${index}.fieldType`} label="Field Type" options={ASSET_FIELD_TYPES} required disabled={readOnly} />
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}>
            <DomainValuesField control={control} name={`fields.${index}.domainvalues`} disabled={readOnly} />
            <CheckboxField control={control} name={`fields.${index}.isRequired`} label="Required" disabled={readOnly} />
            <CheckboxField control={control} name={`fields.${index}.showOnGrid`} label="Show on grid" disabled={readOnly} />
            {!readOnly && (
              <IconButton aria-label={`Remove field ${index + 1}`} onClick={() => fields.remove(index)}>
                <DeleteIcon />
              </IconButton>
            )}
          </Stack>
        </Paper>
      ))}
      {!readOnly && (
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => fields.append({ ...EMPTY_FIELD })}>
            Add Field
          </Button>
        </Box>
      )}
    </>
  );
}

export interface TMasterAssetDialogProps {
  master: TMasterAsset | null;
  readOnly: boolean;
  onClose: () => void;
}

/** Settings > Master Asset: name, description, enabled, colour, form and the field configuration. */
export function MasterAssetDialog({ master, readOnly, onClose }: TMasterAssetDialogProps) {
  const save = useSaveMasterAsset(master?._id ?? null);
  const fields: TFormFieldSpec<TValues>[] = [
    { name: 'name', label: 'Name', required: true },
    { name: 'description', label: 'Description', kind: 'multiline', required: true },
    {
      name: 'color',
      label: 'Color',
      render: (control) => (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <ColorField control={control} disabled={readOnly} />
          <CheckboxField control={control} name="status" label="Enabled" disabled={readOnly} />
        </Stack>
      ),
    },
    formPickerField<TValues>('formId', readOnly),
  ];
  return (
    <SchemaFormDialog
      schema={ZMasterAssetInput}
      title={readOnly ? 'Master Asset' : master ? 'Update Master Asset' : 'Create Master Asset'}
      defaultValues={
        master
          ? { name: master.name, description: master.description, status: master.status, color: master.color, formId: master.formId, fields: master.fields }
          : { name: '', description: '', status: true, color: '#1e88e5', formId: '', fields: [] }
      }
      fields={fields}
      onSave={save.mutateAsync}
      successText={master ? ASSET_MESSAGES.updated : ASSET_MESSAGES.created}
      onClose={onClose}
      readOnly={readOnly}
      fullScreen
      // field-configuration errors name their row ('fields.1.fieldType'): they go on that input
      nestedErrors
    >
      {(control) => <FieldConfiguration control={control} readOnly={readOnly} />}
    </SchemaFormDialog>
  );
}
