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
import { useController, useFieldArray, useForm, type Control, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ASSET_FIELD_TYPES, ASSET_MESSAGES, ZMasterAssetInput, type TMasterAsset, type TMasterAssetInput, type TMasterAssetValues } from '@apron/core/assets/index';
import { FormDialog } from '../../components/form-dialog';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import { FormPicker } from '../../components/form-picker';
import { isApiError } from '../../lib/api-client';
import { reportFormError } from '../../lib/form-submit';
import { useNotify } from '../../lib/notify';
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

function FormField({ control, disabled }: { control: Control<TValues>; disabled?: boolean }) {
  const { field, fieldState } = useController({ control, name: 'formId' });
  return <FormPicker value={field.value ?? ''} onChange={field.onChange} required error={fieldState.error?.message} disabled={disabled} canBuild label="Form" />;
}

export interface TMasterAssetDialogProps {
  master: TMasterAsset | null;
  readOnly: boolean;
  onClose: () => void;
}

/** Settings > Master Asset: name, description, enabled, colour, form and the field configuration. */
export function MasterAssetDialog({ master, readOnly, onClose }: TMasterAssetDialogProps) {
  const notify = useNotify();
  const save = useSaveMasterAsset(master?._id ?? null);
  const { control, handleSubmit, setError } = useForm<TValues, unknown, TMasterAssetValues>({
    resolver: zodResolver(ZMasterAssetInput),
    defaultValues: master
      ? { name: master.name, description: master.description, status: master.status, color: master.color, formId: master.formId, fields: master.fields }
      : { name: '', description: '', status: true, color: '#1e88e5', formId: '', fields: [] },
  });
  const fields = useFieldArray({ control, name: 'fields' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify.success(master ? ASSET_MESSAGES.updated : ASSET_MESSAGES.created);
      onClose();
    } catch (error) {
      // Field-configuration errors name their row ('fields.1.fieldType'): put them on that input.
      if (isApiError(error)) {
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          if (key.startsWith('fields.')) setError(key as Path<TValues>, { type: 'server', message });
        }
      }
      reportFormError(error, setError, ZMasterAssetInput, notify);
    }
  });

  return (
    <FormDialog
      open
      title={readOnly ? 'Master Asset' : master ? 'Update Master Asset' : 'Create Master Asset'}
      onClose={onClose}
      onSubmit={readOnly ? (event) => (event.preventDefault(), onClose()) : onSubmit}
      submitLabel={readOnly ? 'Close' : 'Save'}
      hideCancel={readOnly}
      submitting={save.isPending}
      fullScreen
    >
      <TextField control={control} name="name" label="Name" required disabled={readOnly} autoFocus />
      <TextField control={control} name="description" label="Description" required multiline disabled={readOnly} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ColorField control={control} disabled={readOnly} />
        <CheckboxField control={control} name="status" label="Enabled" disabled={readOnly} />
      </Stack>
      <FormField control={control} disabled={readOnly} />
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
    </FormDialog>
  );
}
